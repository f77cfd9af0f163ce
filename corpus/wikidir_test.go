package corpus

import (
	"path/filepath"
	"testing"
)

// A directory of .wiki files written from an export reads back as the same
// pages of the same wiki: the wiki's namespace names and case rules go with
// it (.wikirules/siteinfo.xml), so that on a case-sensitive wiki "polish"
// and "Polish" stay two pages (they were read back as one "Polish" with
// two revisions) and on a wiki that names its namespaces in its own
// language a "Fyrimynd:" page is still a template (it was read back as an
// ordinary page of the main namespace, and no template call found it).
func TestWikiDirKeepsTheWikisRules(t *testing.T) {
	for _, name := range []string{"case-sensitive.xml", "namespaces-fo.xml"} {
		want, err := Load([]string{fixture(name)}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "wiki")
		if err := WriteWikiDir(want, dir); err != nil {
			t.Fatal(err)
		}
		got, err := Load([]string{dir}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Pages) != len(want.Pages) {
			t.Errorf("%s: %d pages read back, want %d", name, len(got.Pages), len(want.Pages))
		}
		for _, p := range want.Pages {
			q := got.Page(p.Title)
			if q == nil || q.Title != p.Title || q.Kind != p.Kind || q.Namespace != p.Namespace || len(q.Revisions) != 1 ||
				q.Revisions[0].Text != p.LatestVisible().Text {
				t.Errorf("%s: %s (%s, namespace %d) read back as %+v", name, p.Title, p.Kind, p.Namespace, q)
			}
		}
		if !got.Site.Equal(want.Site) {
			t.Errorf("%s: siteinfo %+v, want %+v", name, got.Site, want.Site)
		}
	}
}
