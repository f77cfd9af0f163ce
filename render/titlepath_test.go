package render

import (
	"net/url"
	"strings"
	"testing"
)

// titlePathReference is titlePath as url.PathEscape plus unescaping the
// characters MediaWiki leaves readable.
func titlePathReference(title string) string {
	s := url.PathEscape(strings.ReplaceAll(title, " ", "_"))
	return strings.NewReplacer("%3A", ":", "%2F", "/", "%28", "(", "%29", ")", "%2C", ",").Replace(s)
}

func TestTitlePath(t *testing.T) {
	inputs := []string{
		"", "Main Page", "Gamehelp hearts", "File:Board (large).png", "A/B,C;D?E#F%G",
		"Ça & là = $1+@~", "Tips 7 Wonders: Duel", "quote\"'<>[]{}|\\^`", "\x00\x7f\xff ",
		"日本語のページ", "%3A%2F",
	}
	for c := 0; c < 256; c++ {
		inputs = append(inputs, "x"+string(rune(c))+string([]byte{byte(c)})+"y")
	}
	for _, in := range inputs {
		if got, want := titlePath(in), titlePathReference(in); got != want {
			t.Errorf("titlePath(%q) = %q, want %q", in, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { titlePath("Gamehelp_hearts") }); n != 0 {
		t.Errorf("a title with nothing to escape allocates %v times", n)
	}
}

func FuzzTitlePath(f *testing.F) {
	f.Add("Main Page")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := titlePath(s), titlePathReference(s); got != want {
			t.Errorf("titlePath(%q) = %q, want %q", s, got, want)
		}
	})
}
