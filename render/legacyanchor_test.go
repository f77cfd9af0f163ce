package render_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/render"
)

// legacyHeadings have ids that the legacy encoding writes otherwise
// (punctuation, quotes, non-ASCII), and two it writes alike.
const legacyHeadings = "== Q&A: \"Why?\" ==\n== Élan ==\n== Player's turn ==\n== 100% (or less) ==\n== Scoring ==\n== A-b_c.d:e ==\n== Élan ==\n"

func TestLegacyAnchor(t *testing.T) {
	for in, want := range map[string]string{
		"Scoring": "Scoring", "Q&A:_\"Why?\"": "Q.26A:_.22Why.3F.22", "Élan": ".C3.89lan",
		"Player's_turn": "Player.27s_turn", "100%_(or_less)": "100.25_.28or_less.29", "A-b_c.d:e": "A-b_c.d:e",
	} {
		if got := render.LegacyAnchor(in); got != want {
			t.Errorf("LegacyAnchor(%q) = %q, want %q", in, got, want)
		}
	}
	// A legacy id that is another heading's id is not written twice.
	if out := html(t, "== Q&A ==\n== Q.26A ==\n", render.Options{NoTOC: true}); strings.Count(out, `id="Q.26A"`) != 1 {
		t.Errorf("the id Q.26A is not once in\n%s", out)
	}
	out := html(t, legacyHeadings, render.Options{NoTOC: true})
	if got := legacyIDs(out); !slices.Equal(got, []string{"Q.26A:_.22Why.3F.22", ".C3.89lan", "Player.27s_turn", "100.25_.28or_less.29", ".C3.89lan_2"}) {
		t.Errorf("legacy ids %q in\n%s", got, out)
	}
}

// legacyIDs lists the ids of the empty spans that hold the legacy ids.
func legacyIDs(html string) []string {
	var ids []string
	for _, m := range regexp.MustCompile(`<span id="([^"]*)"></span>`).FindAllStringSubmatch(html, -1) {
		ids = append(ids, strings.ReplaceAll(strings.ReplaceAll(m[1], "&amp;", "&"), "&quot;", `"`))
	}
	return ids
}

// TestLegacyAnchorsAsMediaWiki: the legacy ids are those MediaWiki writes
// (its default $wgFragmentMode writes both encodings).
func TestLegacyAnchorsAsMediaWiki(t *testing.T) {
	t.Parallel()
	w := mwtest.New(t)
	theirs, err := w.Parse(t.Context(), "Legacy", legacyHeadings)
	if err != nil {
		t.Fatal(err)
	}
	want := legacyIDs(theirs)
	if len(want) < 4 {
		t.Fatalf("MediaWiki wrote %d legacy ids:\n%s", len(want), theirs)
	}
	if got := legacyIDs(html(t, legacyHeadings, render.Options{NoTOC: true})); !slices.Equal(got, want) {
		t.Errorf("legacy ids %q, MediaWiki's %q", got, want)
	}
}
