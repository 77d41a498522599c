extension JSONValue {
  /// The last member whose key equals `key`, or `nil` (also for values
  /// that are not objects).
  ///
  /// Keys compare by their UTF-8 bytes, not by Unicode canonical
  /// equivalence: `"é"` and `"e\u{301}"` are different keys.
  ///
  /// - Complexity: O(*m*) for *m* members.
  subscript(key: String) -> JSONMember? {
    guard case let .object(members) = self else { return nil }
    let wanted = key.utf8
    for member in members.reversed() where member.key.utf8.elementsEqual(wanted) {
      return member
    }
    return nil
  }

  /// What the value is, for error messages: "an object", "a string", ...
  var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
