package preview

import (
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strconv"

	"bifrost/schema"
)

// texts are the pages' words, in Japanese and English.
var texts = schema.Catalogue{
	"preview":      {"プレビュー", "preview"},
	"games":        {"ゲーム", "Games"},
	"gallery":      {"カード", "Cards"},
	"rulebook":     {"ルールブック", "Rulebook"},
	"summary":      {"早見表", "Turn summary"},
	"designer":     {"設計者向け資料", "Designer's book"},
	"report":       {"バランス報告", "Balance report"},
	"kind_head":    {"%s（%d 種・%d 枚）", "%s (%d designs, %d cards)"},
	"face":         {"表", "face"},
	"back":         {"裏", "back"},
	"copies":       {"%d 枚", "×%d"},
	"problems_n":   {"問題 %d 件", "%d problems"},
	"no_problems":  {"問題はありません", "No problems"},
	"updated":      {"更新 %s", "Updated %s"},
	"live_hint":    {"ファイルを保存すると、このページは自動で更新されます。", "This page updates itself when a file is saved."},
	"lost":         {"プレビューとの接続が切れました。bifrost serve が動いているか確かめてください。", "Lost the connection to the preview: is bifrost serve still running?"},
	"books_stale":  {"データに誤りがあるため、最後に正しいデータから作った版を表示しています。", "The data has errors: this is the version made from the last valid data."},
	"no_book":      {"この本はまだ作れていません。下の問題を直すと表示されます。", "This book could not be made yet; it appears once the problems below are fixed."},
	"no_report":    {"報告を作っています…", "Making the report…"},
	"making_books": {"本を作っています…", "Making the books…"},
	"no_cards":     {"描けるカードがありません。", "No cards to draw."},
	"row":          {"%s の %d 行目", "%s row %d"},
}

// bookNames are the books a game may have, in the order of the links.
var bookNames = []string{"rulebook", "summary", "designer"}

func knownBook(name string) bool { return slices.Contains(bookNames, name) }

func (s *Server) text(key string) string {
	if s.en {
		return texts[key][1]
	}
	return texts[key][0]
}

func (s *Server) texts() map[string]string {
	m := make(map[string]string, len(texts))
	for k := range texts {
		m[k] = s.text(k)
	}
	return m
}

// galleryView is what the gallery's templates show.
type galleryView struct {
	Lang     string
	T        map[string]string
	Game     Game
	Nav      []link
	Problems []problemView
	Kinds    []kindView
	Updated  string
	Script   scriptView
}

type link struct{ Href, Title string }

// scriptView is the preview script's tag: which game and part the page
// shows, at which version, and where the swappable part comes from ("" for
// the whole page).
type scriptView struct {
	Game, Part string
	Version    int
	Fragment   string
	Lost       string
}

type problemView struct {
	Error          bool
	Where, Message string
	Anchor         string // the card it concerns, "" if none shown
}

type kindView struct {
	Name            string
	Designs, Copies int
	Cards           []cardView
}

type cardView struct {
	Card
	Anchor   string
	Problems []problemView
}

// cellRow is the row number of a cell ("D7" or a whole row "7:7").
var cellRow = regexp.MustCompile(`^[A-Z]*([0-9]+)`)

// problemRow is the sheet row a problem names; 0 if none.
func problemRow(p schema.Problem) int {
	m := cellRow.FindStringSubmatch(p.Cell)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// where is a problem's place: "file: Sheet!Cell", or the file alone.
func where(p schema.Problem) string {
	switch {
	case p.Sheet != "" && p.Cell != "":
		return p.File + ": " + p.Sheet + "!" + p.Cell
	case p.Sheet != "":
		return p.File + ": " + p.Sheet
	}
	return p.File
}

// galleryView groups the cards by kind, in the order they come, and puts
// each problem beside the card whose sheet and row it names.
func (s *Server) galleryView(st state) galleryView {
	g := st.game
	v := galleryView{Lang: s.lang(), T: s.texts(), Game: g,
		Script: scriptView{Game: g.ID, Part: "cards", Version: st.gameVer, Fragment: "/" + g.ID + "/cards", Lost: s.text("lost")}}
	v.Nav = append(v.Nav, link{"/" + g.ID, s.text("gallery")})
	for _, b := range bookNames {
		v.Nav = append(v.Nav, link{"/" + g.ID + "/" + b, s.text(b)})
	}
	v.Nav = append(v.Nav, link{"/" + g.ID + "/report", s.text("report")})
	if !g.Updated.IsZero() {
		v.Updated = fmt.Sprintf(s.text("updated"), g.Updated.Format("15:04:05"))
	}
	type rowKey struct {
		sheet string
		row   int
	}
	at := map[rowKey]*cardView{}
	kinds := map[string]int{}
	for i, c := range g.Cards {
		k, ok := kinds[c.Kind]
		if !ok {
			k = len(v.Kinds)
			kinds[c.Kind] = k
			v.Kinds = append(v.Kinds, kindView{Name: c.Kind})
		}
		v.Kinds[k].Designs++
		v.Kinds[k].Copies += c.Copies
		v.Kinds[k].Cards = append(v.Kinds[k].Cards, cardView{Card: c, Anchor: "card-" + strconv.Itoa(i)})
	}
	for k := range v.Kinds {
		for j := range v.Kinds[k].Cards {
			c := &v.Kinds[k].Cards[j]
			if key := (rowKey{c.Sheet, c.Row}); c.Row > 0 && at[key] == nil {
				at[key] = c
			}
		}
	}
	for _, p := range slices.Concat(g.Problems, st.bookProblems) {
		pv := problemView{Error: p.Severity == schema.Error, Where: where(p), Message: p.Message}
		if c := at[rowKey{p.Sheet, problemRow(p)}]; c != nil && p.Sheet != "" {
			pv.Anchor = c.Anchor
			c.Problems = append(c.Problems, pv)
		}
		v.Problems = append(v.Problems, pv)
	}
	return v
}

var pages = template.Must(template.New("").Parse(`
{{define "script"}}<script src="/live.js" defer data-game="{{.Game}}" data-part="{{.Part}}" data-version="{{.Version}}" data-fragment="{{.Fragment}}" data-lost="{{.Lost}}"></script>
{{end}}

{{define "head"}}<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Game.Title}} — {{.T.preview}}</title>
<link rel="stylesheet" href="/preview.css">
{{template "script" .Script}}</head>
<body>
<header><h1>{{.Game.Title}} <small>{{.T.preview}}</small></h1>
<nav>{{range .Nav}}<a href="{{.Href}}">{{.Title}}</a> {{end}}</nav>
<p class="hint">{{.T.live_hint}}</p></header>
{{end}}

{{define "problems"}}<section class="problems">
{{if .Problems}}<h2>{{printf .T.problems_n (len .Problems)}}</h2>
<ul>{{range .Problems}}<li class="{{if .Error}}error{{else}}warning{{end}}">{{if .Where}}{{if .Anchor}}<a href="#{{.Anchor}}">{{end}}<span class="where">{{.Where}}</span>{{if .Anchor}}</a>{{end}}: {{end}}{{.Message}}</li>
{{end}}</ul>{{else}}<p class="ok">{{.T.no_problems}}</p>{{end}}
</section>{{end}}

{{define "cards"}}<p class="updated">{{.Updated}}</p>
{{template "problems" .}}
{{$t := .T}}{{range .Kinds}}<section class="kind">
<h2>{{printf $t.kind_head .Name .Designs .Copies}}</h2>
<div class="cards">{{range .Cards}}
<figure class="card{{if .Board}} board{{end}}{{if .Problems}} bad{{end}}" id="{{.Anchor}}">
<div class="sides"><div class="side" title="{{$t.face}}">{{.Face}}</div>{{if .Back}}<div class="side" title="{{$t.back}}">{{.Back}}</div>{{end}}</div>
<figcaption><span class="id">{{.ID}}</span>{{if ne .Name .ID}} <span class="name">{{.Name}}</span>{{end}} <span class="copies">{{printf $t.copies .Copies}}</span>{{if .Row}} <span class="where">{{printf $t.row .Sheet .Row}}</span>{{end}}</figcaption>
{{if .Problems}}<ul class="card-problems">{{range .Problems}}<li class="{{if .Error}}error{{else}}warning{{end}}"><span class="where">{{.Where}}</span>: {{.Message}}</li>{{end}}</ul>{{end}}
</figure>{{end}}
</div></section>
{{else}}<p>{{.T.no_cards}}</p>{{end}}{{end}}

{{define "gallery"}}{{template "head" .}}<main id="live">{{template "cards" .}}</main>
</body></html>
{{end}}

{{define "nobook"}}{{template "head" .}}<main id="live"><p class="stale">{{.Note}}</p>{{template "problems" .}}</main>
</body></html>
{{end}}

{{define "noreport"}}{{template "head" .}}<main id="live"><p class="stale">{{if .Note}}{{.Note}}{{else}}{{.T.no_report}}{{end}}</p></main>
</body></html>
{{end}}

{{define "index"}}<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bifrost</title>
<link rel="stylesheet" href="/preview.css">
</head>
<body><header><h1>bifrost <small>{{.T.preview}}</small></h1></header>
<main><ul class="games">{{range .Games}}<li><a href="/{{.ID}}">{{.Title}}</a></li>{{end}}</ul></main>
</body></html>
{{end}}
`))
