package wiki

import (
	"fmt"
	"strings"

	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// Find looks a page up by what a user calls it, wherever a command takes a
// title:
//
//   - its title, normalized as the wiki does ("gamehelphearts"), or
//     spelt with other spaces, case or punctuation ("gamehelp_hearts")
//     when no other title reads the same;
//   - a game, by its slug or by its name as the pages write it ("hearts",
//     "Sushi Go", "sushi-go": names that spell the slug), or by its name
//     (GameName: from the configuration, a note, a {{DISPLAYTITLE:}}): the
//     game's rules page, or its tips page when it has none.
//
// Not found, the error suggests the nearest titles and games ("did you mean
// Gamehelphearts?"). Every lookup of a page by name goes through Find (and
// games through FindGame), so a new way of naming pages is added here once.
func (w *Wiki) Find(name string) (*model.Page, error) {
	if p := w.Corpus.Page(name); p != nil {
		return p, nil
	}
	if g := w.gameNamed(name); g != nil {
		return g.Pages()[0], nil
	}
	// The title spelt with other spaces, case or punctuation
	// ("gamehelp_sushigo", "Tips-sushigo"), when only one title reads so.
	if f := suggest.Fold(name); f != "" {
		var found *model.Page
		for _, p := range w.Corpus.Pages {
			if suggest.Fold(p.Title) == f {
				if found != nil {
					found = nil
					break
				}
				found = p
			}
		}
		if found != nil {
			return found, nil
		}
	}
	return nil, fmt.Errorf("no page titled %q%s", name, suggest.DidYouMean(w.nearPages(name)))
}

// FindGame looks a game up by its slug or its name ("Sushi Go").
func (w *Wiki) FindGame(name string) (*Game, error) {
	if g := w.gameNamed(name); g != nil {
		return g, nil
	}
	return nil, fmt.Errorf("no game %q in the inputs%s", name, suggest.DidYouMean(w.nearGames(name)))
}

// nearGames are the slugs of the games nearest to a name.
func (w *Wiki) nearGames(name string) []string {
	var slugs []string
	for _, g := range w.Games() {
		slugs = append(slugs, g.Slug)
	}
	if near := suggest.Nearest(suggest.Fold(name), slugs, 3); len(near) > 0 {
		return near
	}
	return suggest.Nearest(name, slugs, 3)
}

// gameNamed is the game a name designates: its slug, or a name that folds
// to the slug (letters and digits, lower case). Several games folding to
// the same name (a slug "sushi-go" beside "sushigo") are told apart by the
// exact slug only.
func (w *Wiki) gameNamed(name string) *Game {
	if g := w.Game(name); g != nil {
		return g
	}
	f := suggest.Fold(name)
	if f == "" {
		return nil
	}
	var found *Game
	for _, g := range w.Games() {
		if suggest.Fold(g.Slug) == f {
			if found != nil {
				return nil
			}
			found = g
		}
	}
	if found != nil {
		return found
	}
	// By its name (GameName), when that does not spell the slug: a
	// name of the configuration or a note, or a {{DISPLAYTITLE:}} (only
	// pages that have one are parsed).
	for _, g := range w.Games() {
		if !w.nameCheap(g) {
			continue
		}
		if suggest.Fold(w.GameName(g)) == f {
			if found != nil {
				return nil
			}
			found = g
		}
	}
	return found
}

// nameCheap reports whether the game's name may differ from its slug and
// is known without parsing its pages' lead: it comes from the
// configuration, a note, or a {{DISPLAYTITLE:}}.
func (w *Wiki) nameCheap(g *Game) bool {
	if w.configuredName(g) != "" || w.notes[g.Slug] != "" {
		return true
	}
	r := g.Pages()[0].LatestVisible()
	return r != nil && strings.Contains(r.Text, "DISPLAYTITLE")
}

// nearPages suggests pages for a name that finds none: titles a few edits
// away, the pages of games whose slug is a few edits from the name, then
// titles that contain the name or a game the name contains.
func (w *Wiki) nearPages(name string) []string {
	const most = 5
	titles := make([]string, len(w.Corpus.Pages))
	for i, p := range w.Corpus.Pages {
		titles[i] = p.Title
	}
	near := suggest.Nearest(w.Corpus.NormalizeTitle(name), titles, most)
	var slugs []string
	for _, g := range w.Games() {
		slugs = append(slugs, g.Slug)
	}
	for _, s := range suggest.Nearest(suggest.Fold(name), slugs, most) {
		near = append(near, w.Game(s).Pages()[0].Title)
	}
	if len(near) == 0 {
		lt := strings.ToLower(name)
		for _, p := range w.Corpus.Pages {
			if strings.Contains(strings.ToLower(p.Title), lt) || (p.Game != "" && strings.Contains(lt, p.Game)) {
				near = append(near, p.Title)
			}
		}
	}
	seen := map[string]bool{}
	out := near[:0]
	for _, t := range near {
		if !seen[t] && len(out) < most {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
