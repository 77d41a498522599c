/// A JSON number: the nearest `Double`, and the exact integer when the text
/// is an integer literal that fits in `Int64`.
///
/// `12` has `int64 == 12`; `12.0`, `1.2e1` and `9223372036854775808`
/// (one past `Int64.max`) have `int64 == nil`. Sprite sheet fields that must
/// be integers read ``int64``.
struct JSONNumber: Hashable, Sendable {
  /// The exact value when the text is `-?digits` within `Int64`, else `nil`.
  var int64: Int64?
  /// The value rounded to the nearest `Double` (ties to even); never
  /// infinite or NaN. Magnitudes below the smallest subnormal round to zero.
  var double: Double
}
