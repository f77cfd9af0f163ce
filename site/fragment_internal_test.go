package site

import (
	"bytes"
	"fmt"
	stdhtml "html"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/templates"
)

// escapeIDForLinkRE is what MediaWiki's Sanitizer::escapeIdForLink does
// to an id ($wgFragmentMode html5; an id has no whitespace left):
// preg_replace('/%([a-fA-F0-9]{2})/', '%25$1', $id).
var escapeIDForLinkRE = regexp.MustCompile(`%([a-fA-F0-9]{2})`)

// fragmentIDs are ids to write links to: every string of up to four
// characters of an alphabet of the characters an escape is made of and
// those around it, and longer ones drawn from it.
func fragmentIDs() []string {
	alphabet := []string{"%", "2", "5", "a", "F", "g", " ", "É", "&", "_"}
	ids := []string{""}
	for n, from := 0, 0; n < 4; n++ {
		to := len(ids)
		for _, id := range ids[from:to] {
			for _, c := range alphabet {
				ids = append(ids, id+c)
			}
		}
		from = to
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var b strings.Builder
		for range 5 + rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		ids = append(ids, b.String())
	}
	return append(ids, "100%", "100%25", "50%2525", "%%41", "%4", "%zz", "a%e2%80%93b", "Q&A", `"quoted"`, "C++", "wr-main", "a\tb\nc\fd\re")
}

// fragmentIDOf is MediaWiki's Sanitizer::escapeIdInternal (html5) of a
// short fragment: whitespace as '_'.
var fragmentIDOf = strings.NewReplacer(" ", "_", "\t", "_", "\n", "_", "\f", "_", "\r", "_").Replace

// controlsEncoded percent-encodes the ASCII control characters of s.
func controlsEncoded(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestIDFragmentAsMediaWiki: every way the site and the renderer write a
// link to a heading writes the fragment MediaWiki writes
// (escapeIDForLinkRE, its own regular expression), for 13,000 ids made
// of '%', hex digits and the characters around them: the site's
// idFragment (permalinks, the search index), its linker's [[#…]] links,
// the layouts' table of contents (templates.FragmentHref), the
// renderer's table of contents and its WikiLinker's [[#…]] links
// (render.FragmentLink, which the others call: they were written apart
// once).
func TestIDFragmentAsMediaWiki(t *testing.T) {
	ids := fragmentIDs()
	entries := make([]render.TOCEntry, len(ids))
	for i, id := range ids {
		entries[i] = render.TOCEntry{Level: 1, Number: "1", Title: "x", ID: id}
	}
	var buf bytes.Buffer
	render.WriteTOCList(&buf, entries)
	hrefs := regexp.MustCompile(`<a href="#([^"]*)">`).FindAllStringSubmatch(buf.String(), -1)
	if len(hrefs) != len(ids) {
		t.Fatalf("%d links for %d ids", len(hrefs), len(ids))
	}
	bad := 0
	check := func(what, id, got, want string) {
		t.Helper()
		if got != want {
			if bad++; bad <= 10 {
				t.Errorf("%s of %q = %q; MediaWiki writes %q", what, id, got, want)
			}
		}
	}
	for i, id := range ids {
		// MediaWiki writes control characters as they are; we
		// percent-encode them (render.FragmentLink: SafeURL refuses
		// them, and a browser decodes them).
		mediawiki := controlsEncoded(escapeIDForLinkRE.ReplaceAllString(id, "%25$1"))
		check("idFragment", id, idFragment(id), mediawiki)
		check("the renderer's table of contents", id, stdhtml.UnescapeString(hrefs[i][1]), mediawiki)
		attr := string(templates.FragmentHref(id))
		if v, ok := strings.CutPrefix(attr, `href="#`); !ok || !strings.HasSuffix(v, `"`) || strings.ContainsRune(v[:len(v)-1], '"') {
			t.Errorf("templates.FragmentHref(%q) = %s, not an attribute href=\"#…\"", id, attr)
		} else {
			check("the layouts' table of contents", id, stdhtml.UnescapeString(v[:len(v)-1]), mediawiki)
		}
		if id == "" {
			continue // no link
		}
		// A link's fragment names the id MediaWiki makes of it
		// (spaces as '_'), prefixed as the site's content ids are.
		link := "#" + escapeIDForLinkRE.ReplaceAllString(fragmentIDOf(id), "%25$1")
		check("render.WikiLinker's [[#…]]", id, render.WikiLinker{}.PageURL("", id), link)
		siteLink := "#" + escapeIDForLinkRE.ReplaceAllString(contentIDs("").ContentID(fragmentIDOf(id)), "%25$1")
		check("the site's [[#…]]", id, new(linker).PageURL("", id), siteLink)
	}
	if bad > 10 {
		t.Errorf("… %d in all", bad)
	}
}
