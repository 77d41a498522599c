/// Small Aseprite exports written by hand for the tests, in both layouts,
/// shaped like Aseprite's own output (the same fields, order and spacing)
/// but with our own names and numbers.
enum AsepriteFixtures {
  /// Four 8×8 frames in a row, "hash" layout; tags of every direction, one
  /// with a repeat, plus fields the reader ignores.
  static let hash = """
    { "frames": {
       "hero 0.aseprite": {
        "frame": { "x": 0, "y": 0, "w": 8, "h": 8 },
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 },
        "sourceSize": { "w": 8, "h": 8 },
        "duration": 100
       },
       "hero 1.aseprite": {
        "frame": { "x": 8, "y": 0, "w": 8, "h": 8 },
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 },
        "sourceSize": { "w": 8, "h": 8 },
        "duration": 150
       },
       "hero 2.aseprite": {
        "frame": { "x": 16, "y": 0, "w": 6, "h": 7 },
        "rotated": false,
        "trimmed": true,
        "spriteSourceSize": { "x": 1, "y": 1, "w": 6, "h": 7 },
        "sourceSize": { "w": 8, "h": 8 },
        "duration": 200
       },
       "hero 3.aseprite": {
        "frame": { "x": 24, "y": 0, "w": 8, "h": 8 },
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 },
        "sourceSize": { "w": 8, "h": 8 },
        "duration": 250
       }
     },
     "meta": {
      "app": "https://www.aseprite.org/",
      "version": "1.3.8",
      "image": "hero.png",
      "format": "RGBA8888",
      "size": { "w": 32, "h": 8 },
      "scale": "1",
      "frameTags": [
       { "name": "walk", "from": 0, "to": 3, "direction": "forward", "color": "#000000ff" },
       { "name": "back", "from": 1, "to": 3, "direction": "reverse", "color": "#000000ff" },
       { "name": "idle", "from": 0, "to": 2, "direction": "pingpong", "color": "#000000ff" },
       { "name": "attack", "from": 1, "to": 3, "direction": "pingpong_reverse", "repeat": "3", "color": "#fe5b59ff", "data": "swing" }
      ],
      "layers": [
       { "name": "Layer 1", "opacity": 255, "blendMode": "normal" }
      ],
      "slices": [
       { "name": "hitbox", "color": "#0000ffff", "keys": [{ "frame": 0, "bounds": {"x": 1, "y": 1, "w": 6, "h": 6 } }] }
      ]
     }
    }

    """

  /// Two frames and two tags, compact: for tests that try every byte.
  static let small = """
    {"frames":{"a 0":{"frame":{"x":0,"y":0,"w":2,"h":2},"rotated":false,"trimmed":false,\
    "spriteSourceSize":{"x":0,"y":0,"w":2,"h":2},"sourceSize":{"w":2,"h":2},"duration":100},\
    "a 1":{"frame":{"x":2,"y":0,"w":2,"h":2},"rotated":false,"trimmed":false,\
    "spriteSourceSize":{"x":0,"y":0,"w":2,"h":2},"sourceSize":{"w":2,"h":2},"duration":50}},\
    "meta":{"image":"a\\u00e9.png","size":{"w":4,"h":2},"frameTags":[\
    {"name":"go","from":0,"to":1,"direction":"pingpong","repeat":"2"},\
    {"name":"\\ud83d\\ude00","from":1,"to":1,"direction":"reverse"}]}}
    """

  /// Three frames, "array" layout, with `filename`s; an older export
  /// without `repeat`, `color` or `layers`.
  static let array = """
    { "frames": [
       {
        "filename": "coin 0.ase",
        "frame": { "x": 0, "y": 0, "w": 4, "h": 4 },
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 4, "h": 4 },
        "sourceSize": { "w": 4, "h": 4 },
        "duration": 80
       },
       {
        "filename": "coin 1.ase",
        "frame": { "x": 0, "y": 4, "w": 4, "h": 4 },
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 4, "h": 4 },
        "sourceSize": { "w": 4, "h": 4 },
        "duration": 80
       },
       {
        "filename": "coin 2.ase",
        "frame": { "x": 0, "y": 8, "w": 4, "h": 4 },
        "rotated": false,
        "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 4, "h": 4 },
        "sourceSize": { "w": 4, "h": 4 },
        "duration": 120
       }
     ],
     "meta": {
      "app": "http://www.aseprite.org/",
      "version": "1.2.25-x64",
      "image": "C:\\\\art\\\\coin.png",
      "format": "I8",
      "size": { "w": 4, "h": 12 },
      "scale": "1",
      "frameTags": [
       { "name": "spin", "from": 0, "to": 2, "direction": "pingpong" },
       { "name": "shine", "from": 2, "to": 2, "direction": "forward" }
      ]
     }
    }

    """
}
