package site

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// TestParsePageLatestFirst: a page's latest revision is parsed first, so
// the older revisions leave the sections they share with it in outline
// (rather than the latest copying the sections they made in full), and the
// documents still come in the revisions' order.
func TestParsePageLatestFirst(t *testing.T) {
	at := time.Date(2024, 5, 6, 7, 0, 0, 0, time.UTC)
	old := "Lead.\n\n== Setup ==\nDeal five cards.\n\n== Play ==\nFollow suit.\n\n== Scoring ==\nA trick is a point.\n"
	latest := strings.Replace(old, "five", "six", 1)
	p := &model.Page{Title: "Gamehelpexample", Game: "example", Kind: model.PageRules}
	for k, s := range []string{old, latest, latest + "\nMore.\n"} {
		p.Revisions = append(p.Revisions, &model.Revision{ID: int64(k + 1), Timestamp: at.Add(time.Duration(k) * time.Hour), Text: s})
	}
	// The newest revision is deleted: the latest visible one is the
	// second.
	p.Revisions[2].Deleted = model.DeletedText
	b := &builder{wiki: wiki.New(model.NewCorpus([]*model.Page{p}), nil, wiki.Config{})}
	w := b.parsePage(p, "games/example/", nil)
	for i, d := range w.docs {
		if w.sides[i].Rev != p.Revisions[i] || w.sides[i].Doc != d {
			t.Fatalf("revision %d: its side is not its own", i)
		}
	}
	if w.docs[0].Source != old || w.docs[1].Source != latest || w.docs[2].Source == latest {
		t.Fatal("the documents are not in the revisions' order")
	}
	// The first revision's lead and two of its three sections are the
	// latest's: in outline.
	if w.hp.Outlined != 3 {
		t.Errorf("%d parts in outline, want 3 of the first revision's", w.hp.Outlined)
	}
}
