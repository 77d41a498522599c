"""The corpus checker's rules for comparing a decoder's result with an
expected one (a corpus's NAME.json, or an oracle's result), shared by
`check_apng_oracle.py`, `check_gif_oracle.py` and `../mutate-compare.py`.

Every key the expected result holds is compared, but `note`;
`animation_error` only by whether it is null; a frame's `sha256` only when
both sides have it; an expected `{"error"}` must be an error, and only an
expected error may be one. Numbers compare by value, booleans and null by
identity, strings without case.
"""


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if a is None or b is None:
        return a is b
    return str(a).lower() == str(b).lower()


def differences(got, want):
    """What differs between `got` and `want`, a line each (empty: none)."""
    if "error" in want or "error" in got:
        if ("error" in want) == ("error" in got):
            return []
        return ["accepted a file that must be rejected" if "error" in want else f"rejected: {got['error']}"]
    found = []
    for key, value in want.items():
        if key in ("frames", "note"):
            continue
        if key == "animation_error":
            if (got.get(key) is None) != (value is None):
                found.append(f"animation_error: got {got.get(key)!r}, want {'null' if value is None else 'an error'}")
        elif key not in got:
            found.append(f"{key}: missing")
        elif not same(got[key], value):
            found.append(f"{key}: got {got[key]!r}, want {value!r}")
    got_frames, want_frames = got.get("frames", []), want.get("frames", [])
    if len(got_frames) != len(want_frames):
        found.append(f"frames: got {len(got_frames)}, want {len(want_frames)}")
    for index, (frame, expected) in enumerate(zip(got_frames, want_frames)):
        for key, value in expected.items():
            if key == "note" or (key == "sha256" and key not in frame):
                continue
            if key not in frame:
                found.append(f"frame {index} {key}: missing")
            elif not same(frame[key], value):
                found.append(f"frame {index} {key}: got {frame[key]!r}, want {value!r}")
    return found
