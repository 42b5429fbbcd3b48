package spec

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"bifrost/schema"
)

// PieceTypes are the kinds of table piece a layout can ask Tabletop
// Simulator for, by their object names there: six- and eight-sided dice
// and a pawn.
var PieceTypes = []string{"Die_6", "Die_8", "PlayerPawn"}

// pieceSpec is a tts_pieces entry: count pieces of a type, named and
// tinted. On a kind it is repeated for each card of the kind, its name a
// template and its tint a colour of the card (a palette by one of its
// fields); at the top of the file it stands alone, its name plain text and
// its tint a fixed colour.
type pieceSpec struct {
	Type  string `yaml:"type"`
	Name  string `yaml:"name"`
	Count string `yaml:"count"` // a number or $rule.KEY; 1 when empty
	Tint  string `yaml:"tint"`  // white when empty
}

// pieceRule is a compiled tts_pieces entry.
type pieceRule struct {
	typ   string
	name  *tmpl  // on a kind; nil at the top
	text  string // at the top
	count int
	rule  string // the Rules key giving the count, or ""
	tint  Colour
}

// Piece is one table piece as Tabletop Simulator should have it: Count
// of type Type (one of PieceTypes), named Name, tinted Tint.
type Piece struct {
	Type, Name string
	Count      int
	Tint       RGB
}

// pieces compiles the tts_pieces entries at path; sc is nil at the top of
// the file.
func (p *parser) pieces(path string, specs []pieceSpec, sc *scope, l *Layout) []*pieceRule {
	var out []*pieceRule
	for i, s := range specs {
		at := path + "." + strconv.Itoa(i)
		r := &pieceRule{typ: s.Type, count: 1, text: s.Name}
		if !slices.Contains(PieceTypes, s.Type) {
			p.errorf(at+".type", "piece_type", s.Type, strings.Join(PieceTypes, ", "))
		}
		if sc != nil && s.Name != "" {
			r.name = p.template(at+".name", s.Name, sc)
		}
		switch key, isRule := strings.CutPrefix(s.Count, "$rule."); {
		case s.Count == "":
		case isRule:
			if !slices.ContainsFunc(p.game.AllRules(), func(rp schema.RuleParam) bool { return rp.Key == key }) {
				p.errorf(at+".count", "no_rule", p.game.ID, key)
			}
			r.rule = key
		default:
			n, err := strconv.Atoi(s.Count)
			if err != nil || n < 0 {
				p.errorf(at+".count", "piece_count", s.Count)
			}
			r.count = n
		}
		tintScope := sc
		if tintScope == nil {
			tintScope = &scope{}
		}
		r.tint = p.colour(at+".tint", s.Tint, tintScope, l).Or(Fixed(White))
		out = append(out, r)
	}
	return out
}

// resolve is r for one card (nil at the top of the file) of ds (nil
// there too), with the count from rules: its name, count and tint.
func (r *pieceRule) resolve(ds *Dataset, c *Card, rules *schema.Rules) Piece {
	pc := Piece{Type: r.typ, Name: r.text, Count: r.count}
	var fs *FieldSet
	var row reflect.Value
	if c != nil {
		fs, row = c.Kind.Fields, c.Row
		if r.name != nil {
			pc.Name, _ = r.name.Eval(Env{Dataset: ds, Card: c, Row: c.Row})
		}
	}
	if r.rule != "" {
		pc.Count = 0
		if rules != nil && rules.Has(r.rule) {
			pc.Count = rules.Int(r.rule)
		}
	}
	pc.Tint, _ = r.tint.Resolve(ds, fs, row)
	return pc
}

// Pieces are the table pieces of the layout's top-level tts_pieces, their
// counts from rules.
func (l *Layout) Pieces(rules schema.Rules) []Piece {
	var out []Piece
	for _, r := range l.pieces {
		out = append(out, r.resolve(nil, nil, &rules))
	}
	return out
}

// Pieces are the table pieces that card c brings (its kind's tts_pieces).
func (c *Card) Pieces(ds *Dataset) []Piece {
	var out []Piece
	for _, r := range c.Kind.pieces {
		out = append(out, r.resolve(ds, c, ds.rules))
	}
	return out
}
