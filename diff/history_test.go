package diff_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
)

// historyOf reads the revisions of a history archive: its files named
// "rev TIMESTAMP AUTHOR: SUMMARY", in order.
func historyOf(t *testing.T, ar *testutil.Archive) *model.Page {
	t.Helper()
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	for _, f := range ar.Files {
		head, ok := strings.CutPrefix(f.Name, "rev ")
		if !ok {
			continue
		}
		ts, who, ok := strings.Cut(head, " ")
		when, err := time.Parse(model.TimeLayout, ts)
		if !ok || err != nil {
			t.Fatalf("%s: file %q: want \"rev TIMESTAMP AUTHOR: SUMMARY\"", ar.Path, f.Name)
		}
		author, summary, _ := strings.Cut(who, ": ")
		text := string(f.Data)
		p.Revisions = append(p.Revisions, &model.Revision{Timestamp: when, Author: author, Summary: summary, Text: text, SHA1: model.TextSHA1(text), Size: len(text)})
	}
	if len(p.Revisions) < 2 {
		t.Fatalf("%s: a history needs two revisions or more", ar.Path)
	}
	return p
}

// TestHistories runs the histories of testdata/histories: every revision
// compared with the one before (changes.txt, changes.json) and the blame
// of the last revision (blame.txt, blame.json); -update rewrites them.
// Beyond the goldens, it checks what each case is about: the blame agrees
// with the diffs (a cell is blamed on the last revision whose diff
// changed it, or on the revision that added its row or table).
func TestHistories(t *testing.T) {
	for _, path := range testutil.Archives(t, filepath.Join("testdata", "histories", "*.txtar")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar := testutil.ReadArchive(t, path)
			p := historyOf(t, ar)
			var results []*diff.Result
			var prev *diff.Side
			b := diff.NewBlamer(p.Title, false)
			for _, r := range p.Revisions {
				cur := side(p, r)
				res := diff.Compare(p.Title, prev, cur)
				checkResult(t, res)
				results = append(results, res)
				b.Add(cur)
				prev = cur
			}
			bl := b.Blame()
			checkBlame(t, bl, results)
			var txt, js, btxt, bjs bytes.Buffer
			if err := diff.WriteChangelog(&txt, p.Title, results, diff.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := diff.WriteJSON(&js, results); err != nil {
				t.Fatal(err)
			}
			if err := diff.WriteBlameText(&btxt, bl, diff.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := diff.WriteJSON(&bjs, bl); err != nil {
				t.Fatal(err)
			}
			ar.Check(t, "", []txtar.File{
				{Name: "changes.txt", Data: txt.Bytes()},
				{Name: "changes.json", Data: js.Bytes()},
				{Name: "blame.txt", Data: btxt.Bytes()},
				{Name: "blame.json", Data: bjs.Bytes()},
			}, true)
		})
	}
}

// checkBlame checks a blame against the diffs of the same history: a cell
// blamed on revision k (after the first) was changed by k's diff (a cell
// change in its column, or its row or table added), and no later diff
// changed it.
func checkBlame(t *testing.T, bl *diff.Blame, results []*diff.Result) {
	t.Helper()
	at := map[string]int{}
	for i, r := range results {
		at[r.To.Timestamp] = i
	}
	for _, tb := range bl.Tables {
		for _, row := range tb.Rows {
			for _, c := range row.Cells {
				k, ok := at[c.Timestamp]
				if !ok {
					t.Errorf("%s %s %s: blamed on %s, which is not a revision", tb.ID, row.Key, c.Column, c.Timestamp)
					continue
				}
				if c.Index != k {
					t.Errorf("%s %s %s: index %d for revision %d", tb.ID, row.Key, c.Column, c.Index, k)
				}
				if row.Since.Index > k {
					t.Errorf("%s %s: the row appears at revision %d, after its cell %s (%d)", tb.ID, row.Key, row.Since.Index, c.Column, k)
				}
				if k == 0 {
					continue
				}
				changed := false
				for _, tc := range results[k].Tables {
					if tc.ID != tb.ID && !hasRename(tb, tc.ID) {
						continue
					}
					changed = changed || tc.Change == diff.TableAdded || len(tc.RowsAdded) > 0 || len(tc.ColumnsAdded) > 0
					for _, cc := range tc.Cells {
						changed = changed || cc.Row == row.Key && cc.Column == c.Column
					}
				}
				if !changed {
					t.Errorf("%s %s %s: blamed on %s, whose diff does not change it", tb.ID, row.Key, c.Column, c.Timestamp)
				}
			}
		}
	}
}

func hasRename(tb diff.BlameTable, id string) bool {
	for _, r := range tb.Renames {
		if r.From == id || r.To == id {
			return true
		}
	}
	return false
}
