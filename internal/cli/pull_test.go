package cli

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/wikirules/wikirules/internal/mwtest"
)

type wikiKey struct{}

// TestPullScripts runs the scenarios of testdata/pull against a real
// MediaWiki of their own, holding the embedded corpus: $API is its
// api.php. The script command "mwreplace TITLE OLD NEW USER SUMMARY" edits
// a page on the wiki (maintenance/edit.php), replacing OLD by NEW in its
// latest text.
func TestPullScripts(t *testing.T) {
	dir := scriptDir(t, "testdata/pull")
	t.Parallel()
	if _, err := mwtest.Locate(); err != nil {
		mwtest.New(t) // skips, or fails when MediaWiki is required
	}
	c, err := mwtest.EmbeddedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			w, err := mwtest.Start()
			if err != nil {
				return err
			}
			env.Defer(func() { w.Close() })
			if err := w.ImportCorpus(t.Context(), c); err != nil {
				return err
			}
			env.Values[wikiKey{}] = w
			env.Setenv("API", w.API())
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"wikirules": wikirulesCmd,
			"mwreplace": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 5 {
					ts.Fatalf("usage: mwreplace TITLE OLD NEW USER SUMMARY")
				}
				w := ts.Value(wikiKey{}).(*mwtest.Wiki)
				var r struct {
					Query struct {
						Pages []struct {
							Revisions []struct {
								Slots map[string]struct{ Content string }
							}
						}
					}
				}
				err := w.Query(t.Context(), url.Values{"action": {"query"}, "prop": {"revisions"}, "titles": {args[0]},
					"rvprop": {"content"}, "rvslots": {"main"}}, &r)
				ts.Check(err)
				if len(r.Query.Pages) != 1 || len(r.Query.Pages[0].Revisions) != 1 {
					ts.Fatalf("no page %q on the wiki", args[0])
				}
				text := r.Query.Pages[0].Revisions[0].Slots["main"].Content
				if !strings.Contains(text, args[1]) {
					ts.Fatalf("%s does not contain %q", args[0], args[1])
				}
				ts.Check(w.Edit(t.Context(), args[0], strings.Replace(text, args[1], args[2], 1), args[3], args[4]))
			},
		},
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
	})
}
