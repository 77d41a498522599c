/// A JSON value (RFC 8259) as read by ``JSONParser``, with the byte offset
/// of every array element and object member.
///
/// Objects keep their members in document order, duplicates included; a
/// lookup by key (``subscript(_:)``) finds the *last* member with that key
/// ("last wins"), and iteration sees every member.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONElement])
  case object([JSONMember])
}

/// An element of a JSON array and the byte offset where it starts.
struct JSONElement: Hashable, Sendable {
  var value: JSONValue
  var offset: Int
}

/// A member of a JSON object: its key, its value, and the byte offsets of
/// the key's opening quote and of the value.
struct JSONMember: Hashable, Sendable {
  var key: String
  var value: JSONValue
  var keyOffset: Int
  var offset: Int
}
