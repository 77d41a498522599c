extension SpriteSheetFrameProvider {
  /// The one tag named `name`; its ``AsepriteTag/frames`` are Aseprite's
  /// frame numbers. See ``AsepriteSheet/tag(named:)``.
  ///
  /// - Throws: ``SpriteSheetTagError/unknownTag(name:available:)``,
  ///   ``SpriteSheetTagError/ambiguousTag(name:tags:)``.
  /// - Complexity: O(*t*) for *t* tags.
  public func tag(named name: String) throws(SpriteSheetTagError) -> AsepriteTag {
    try sheet.tag(named: name)
  }

  /// The clip that plays the one tag named `name` on a timeline over this
  /// provider: its frames are display-list frames (``frameCount``), not
  /// Aseprite's numbers (those are ``tag(named:)``'s). See
  /// ``AsepriteSheet/clip(named:)``.
  ///
  /// - Throws: ``SpriteSheetTagError/unknownTag(name:available:)``,
  ///   ``SpriteSheetTagError/ambiguousTag(name:tags:)``.
  /// - Complexity: O(*t*) for *t* tags.
  public func clip(named name: String) throws(SpriteSheetTagError) -> Clip {
    try sheet.clip(named: name)
  }

  /// The clip of tag `index` of the sheet's ``AsepriteSheet/tags``; see
  /// ``AsepriteSheet/clip(forTag:)``.
  ///
  /// - Throws: ``SpriteSheetTagError/tagIndexOutOfRange(index:count:)``.
  public func clip(forTag index: Int) throws(SpriteSheetTagError) -> Clip {
    try sheet.clip(forTag: index)
  }
}
