package site

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/model"
)

func sampleUnit() *unitSummary {
	t0 := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	return &unitSummary{
		ID: "game:hearts", Key: "k1", Deps: map[string]string{"page:B": "wiki/b/", "page:A": "", "file:X.png": "media/x.png"},
		Files: []string{"games/hearts/index.html", "games/hearts/history/index.html"},
		Game:  &gameSummary{Slug: "hearts", Name: "Hearts", NameKey: "nk", Dir: "games/hearts/", Tables: 2, HasTips: true, Updated: t0, Group: "Card games"},
		Pages: []*pageSummary{{Title: "Gamehelphearts", Name: "Hearts", Kind: model.PageRules, Dir: "games/hearts/", Categories: []string{"Card games", "Ü"},
			Revisions: []*revSummary{{Time: t0, Author: "Ann", Summary: "new", Delta: 120, Anchor: "rev-1"}, {Time: t0.Add(time.Hour), Author: "", Delta: -7, Anchor: "rev-2", RulesChanged: true}},
			Search:    []searchDoc{{Title: "Hearts", URL: "games/hearts/index.html", Kind: "page", Text: "A card game.", Words: "a card game"}, {Title: "Scoring", Page: "Hearts", URL: "x#s", Kind: "section"}}}},
		Checks:   []*CheckView{{Status: check.Fail, Game: "hearts", ID: "c1", Table: "t", Message: "3 ≠ 4", Line: 12, Builtin: true}},
		Warnings: model.MsgList{{Page: "Gamehelphearts", Line: 3, Severity: model.SevWarning, ID: model.MsgUnknownTemplate, Text: "{{x}}"}},
	}
}

// A unit's record reads back as the unit, and encodes again to the same
// bytes (a unit reused is written back as read).
func TestUnitRecordRoundTrip(t *testing.T) {
	for _, u := range []*unitSummary{sampleUnit(), {ID: "page:Empty", Key: "k"}} {
		rec := encodeUnit(u)
		got, err := decodeUnit(rec)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.raw, rec) {
			t.Errorf("%s: raw is not the record", u.ID)
		}
		got.raw, got.extra, u.extra = nil, nil, nil
		if !reflect.DeepEqual(got, u) {
			t.Errorf("%s: read back\n%#v\nwant\n%#v", u.ID, got, u)
		}
		again := encodeUnit(got)
		if !bytes.Equal(again, rec) {
			t.Errorf("%s: encoded again, the record differs", u.ID)
		}
	}
}

// Every cut of a record is an error, never a panic or a unit read short.
func TestUnitRecordTruncated(t *testing.T) {
	rec := encodeUnit(sampleUnit())
	for n := range len(rec) {
		if _, err := decodeUnit(rec[:n]); err == nil {
			t.Fatalf("a record cut at %d of %d bytes was read", n, len(rec))
		} else if !strings.Contains(err.Error(), "manifest.bin") {
			t.Fatalf("cut at %d: error %q does not name the manifest", n, err)
		}
	}
	// A count larger than the bytes left does not allocate it.
	bad := append([]byte{4, 'g', 'a', 'm', 'e', 1, 'k', 0xff, 0xff, 0xff, 0xff, 0x0f}, make([]byte, 8)...)
	if _, err := decodeUnit(bad); err == nil || !strings.Contains(err.Error(), "items in") {
		t.Errorf("a huge count: %v", err)
	}
}

// A whole manifest reads back: head, units, and the checksum checked.
func TestManifestRoundTrip(t *testing.T) {
	m := &manifest{Version: "v", Global: "g", Site: []string{"index.html"}, Stats: Stats{Pages: 1, Files: 3},
		Units: map[string]*unitSummary{"game:hearts": sampleUnit(), "page:Z": {ID: "page:Z", Key: "z", Files: []string{"wiki/z/index.html"}}}}
	var buf bytes.Buffer
	if err := writeManifestTo(&buf, m); err != nil {
		t.Fatal(err)
	}
	got, err := decodeManifest(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != "v" || got.Global != "g" || len(got.Site) != 1 || got.Stats.Pages != 1 || len(got.Units) != 2 {
		t.Fatalf("read back %+v", got)
	}
	u := got.Units["game:hearts"]
	u.raw, u.extra = nil, nil
	if !reflect.DeepEqual(u, sampleUnit()) {
		t.Errorf("unit read back %#v", u)
	}
	// The units are encoded one after the other in one buffer.
	if z := got.Units["page:Z"]; z.ID != "page:Z" || z.Key != "z" || len(z.Files) != 1 || z.Files[0] != "wiki/z/index.html" {
		t.Errorf("second unit read back %#v", z)
	}
	// Written again from what was read: the same bytes.
	var again bytes.Buffer
	if err := writeManifestTo(&again, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Error("the manifest written back from what was read differs")
	}
}

// FuzzManifest: no input makes decodeManifest panic.
func FuzzManifest(f *testing.F) {
	var buf bytes.Buffer
	writeManifestTo(&buf, &manifest{Version: "v", Units: map[string]*unitSummary{"game:hearts": sampleUnit()}})
	f.Add(buf.Bytes())
	f.Add(encodeUnit(sampleUnit()))
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeManifest(data)
		decodeUnit(data)
	})
}

// TestPageDigestSeesTheText: a page's digest changes with any revision's
// text, whether or not the input gave hashes (a feed gives none).
func TestPageDigestSeesTheText(t *testing.T) {
	at := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	page := func(texts ...string) *model.Page {
		p := &model.Page{Title: "P"}
		for i, s := range texts {
			p.Revisions = append(p.Revisions, &model.Revision{Timestamp: at.Add(time.Duration(i) * time.Hour), Author: "A", Text: s})
		}
		return p
	}
	base := pageDigest(page("one", "two"))
	if base != pageDigest(page("one", "two")) {
		t.Fatal("the same history gives two digests")
	}
	for _, texts := range [][]string{{"one", "twO"}, {"onE", "two"}, {"one", "two "}, {"one", ""}, {"one"}} {
		if pageDigest(page(texts...)) == base {
			t.Errorf("%q: the same digest as [one two]", texts)
		}
	}
	// The same bytes split differently between fields are different pages.
	if pageDigest(page("ab", "c")) == pageDigest(page("a", "bc")) {
		t.Error("[ab c] and [a bc]: one digest")
	}
}
