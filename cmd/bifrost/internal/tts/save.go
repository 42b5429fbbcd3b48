package tts

// The saved-object format of Tabletop Simulator: a save file whose outer
// fields are empty and whose ObjectStates hold the objects. Field names and
// casing are the format's own.

// Save is a saved-object file.
type Save struct {
	SaveName       string
	Date           string
	VersionNumber  string
	GameMode       string
	GameType       string
	GameComplexity string
	Tags           []string
	Gravity        float64
	PlayArea       float64
	Table          string
	Sky            string
	Note           string
	TabStates      map[string]any
	LuaScript      string
	LuaScriptState string
	XmlUI          string
	ObjectStates   []Object
}

// Object is one object on the table: a deck ("DeckCustom"), a card
// ("Card", alone or inside a deck), a tile ("Custom_Tile"), a die
// ("Die_6", "Die_8") or a pawn ("PlayerPawn").
type Object struct {
	GUID             string
	Name             string
	Transform        Transform
	Nickname         string
	Description      string
	GMNotes          string
	ColorDiffuse     Colour
	Locked           bool
	Grid             bool
	Snap             bool
	Autoraise        bool
	Sticky           bool
	Tooltip          bool
	Hands            bool
	HideWhenFaceDown bool
	SidewaysCard     bool
	// CardID is a card's sheet position: deck number × 100 + slot.
	CardID int `json:",omitempty"`
	// DeckIDs are a deck's cards, top of the face-down deck last.
	DeckIDs []int `json:",omitempty"`
	// CustomDeck maps a deck number to its sheet.
	CustomDeck       map[string]CustomDeck `json:",omitempty"`
	CustomImage      *CustomImage          `json:",omitempty"`
	ContainedObjects []Object              `json:",omitempty"`
}

// Transform places an object: position, rotation in degrees, scale.
type Transform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

// Colour is an object's tint, 0–1 per channel.
type Colour struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// CustomDeck is one deck sheet: a face image of NumWidth × NumHeight cards
// and one back for them all (UniqueBack false).
type CustomDeck struct {
	FaceURL      string
	BackURL      string
	NumWidth     int
	NumHeight    int
	BackIsHidden bool
	UniqueBack   bool
	Type         int // 0: rectangle, rounded
}

// CustomImage is a tile's two faces and shape.
type CustomImage struct {
	ImageURL          string
	ImageSecondaryURL string
	ImageScalar       float64
	WidthScale        float64
	CustomTile        CustomTile
}

// CustomTile is a tile's shape: 0 is a box.
type CustomTile struct {
	Type      int
	Thickness float64
	Stackable bool
	Stretch   bool
}
