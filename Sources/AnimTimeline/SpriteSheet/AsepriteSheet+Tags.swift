extension AsepriteSheet {
  /// The index in ``tags`` of the one tag named `name` (compared by UTF-8
  /// bytes).
  ///
  /// - Throws: ``SpriteSheetTagError/unknownTag(name:available:)`` when no
  ///   tag has the name, ``SpriteSheetTagError/ambiguousTag(name:tags:)``
  ///   (with every index) when several do.
  /// - Complexity: O(*t*) for *t* tags.
  public func tagIndex(named name: String) throws(SpriteSheetTagError) -> Int {
    let wanted = name.utf8
    var found: [Int] = []
    for (index, tag) in tags.enumerated() where tag.name.utf8.elementsEqual(wanted) {
      found.append(index)
    }
    guard let first = found.first else { throw .unknownTag(name: name, available: tags.map(\.name)) }
    guard found.count == 1 else { throw .ambiguousTag(name: name, tags: found) }
    return first
  }

  /// The one tag named `name`: its ``AsepriteTag/frames`` are Aseprite's
  /// frame numbers (`from...to`).
  ///
  /// - Throws: as ``tagIndex(named:)``.
  /// - Complexity: O(*t*) for *t* tags.
  public func tag(named name: String) throws(SpriteSheetTagError) -> AsepriteTag {
    tags[try tagIndex(named: name)]
  }

  /// The clip that plays the one tag named `name`, to give a timeline over
  /// the display list (``SpriteSheetFrameProvider``). Its `frames` are
  /// display-list frames, not Aseprite's frame numbers: a ping-pong tag's
  /// clip lies past the sheet frames (``tag(named:)`` gives the tag's own
  /// `from...to`).
  ///
  /// - Throws: as ``tagIndex(named:)``.
  /// - Complexity: O(*t*) for *t* tags.
  public func clip(named name: String) throws(SpriteSheetTagError) -> Clip {
    displayList.clips[try tagIndex(named: name)]
  }

  /// The clip of tag `index` of ``tags``, whatever its name: how to play
  /// one of several tags with the same name. See ``clip(named:)``.
  ///
  /// - Throws: ``SpriteSheetTagError/tagIndexOutOfRange(index:count:)``.
  public func clip(forTag index: Int) throws(SpriteSheetTagError) -> Clip {
    guard displayList.clips.indices.contains(index) else {
      throw .tagIndexOutOfRange(index: index, count: displayList.clips.count)
    }
    return displayList.clips[index]
  }
}
