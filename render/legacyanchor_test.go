package render_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/parser"
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

// Legacy ids are numbered as MediaWiki numbers them, each encoding on its
// own: an earlier heading's id or legacy id takes the number, and a
// heading numbered by the parser ("Élan_2") has the legacy id of its text
// numbered ("…_3" when "…_2" is taken). The ids are MediaWiki 1.39's
// (TestTOCAsMediaWiki).
func TestLegacyAnchorNumbers(t *testing.T) {
	for src, want := range map[string][]string{
		"== .C3.89lan ==\n== Élan ==\n== Élan ==":        {".C3.89lan_2", ".C3.89lan_3"},
		"== Q.26A ==\n== Q&A ==":                         {"Q.26A_2"},
		"== Q&A ==\n== Q.26A_2 ==\n== Q&A ==":            {"Q.26A", "Q.26A_3"},
		"== Q&A ==\n== Q&A_2 ==\n== Q&A ==\n== Q&A_2 ==": {"Q.26A", "Q.26A_2", "Q.26A_3", "Q.26A_2_2"},
		"== Élan ==\n== ÉLAN ==":                         {".C3.89lan", ".C3.89LAN_2"},
		"== Q&A 2 ==\n== Q&A ==\n== Q&A ==":              {"Q.26A_2", "Q.26A", "Q.26A_3"},
		// A text whose id has a number of its own, written with a run of
		// spaces or underscores ("Q&A__2" is "Q&A_2", not "Q&A" numbered):
		// its legacy id is its text's, numbered on its own.
		"== Q&A ==\n== Q.26A_2 ==\n== Q&A__2 ==":       {"Q.26A", "Q.26A_2_2"},
		"== Élan ==\n== .C3.89lan_2 ==\n== Élan _2 ==": {".C3.89lan", ".C3.89lan_2_2"},
	} {
		if got := legacyIDs(html(t, src, render.Options{NoTOC: true})); !slices.Equal(got, want) {
			t.Errorf("%q: legacy ids %q, want %q", src, got, want)
		}
	}
}

// Numbering the legacy ids of many equal headings takes time in
// proportion to their number (as the parser numbers their ids): each
// "_k" is not searched for from "_2" again.
func TestLegacyAnchorNumbersLinear(t *testing.T) {
	gen := func(n int) string { return strings.Repeat("== Élan ==\n", n) }
	run := func(src string) {
		var sb strings.Builder
		if err := render.New(render.Options{NoTOC: true}).Render(&sb, parser.Parse(src, &parser.Options{})); err != nil {
			t.Fatal(err)
		}
	}
	testutil.CheckLinear(t, "equal headings", gen(3000), gen(6000), run, 2.5)
}
