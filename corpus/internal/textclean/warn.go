package textclean

import (
	"fmt"

	"github.com/wikirules/wikirules/model"
)

// MaxWarnings is how many lines of one file get a warning of their own; the
// rest are summed up in one more, so a binary file cannot flood the output.
const MaxWarnings = 20

// Warnings turns problems into warnings: one per line, at most MaxWarnings
// per file and kind, then one that counts the rest.
type Warnings struct {
	File  string
	List  model.MsgList
	count [3]int // lines reported per kind
	extra [3]int // lines beyond MaxWarnings per kind
	first [3]int // first line beyond MaxWarnings per kind
}

// Add records a problem.
func (w *Warnings) Add(p Problem) {
	k := p.Kind
	if w.count[k] < MaxWarnings {
		w.count[k]++
		w.List = append(w.List, model.Msg{File: w.File, Line: p.Line, Severity: model.SevWarning, ID: model.MsgEncoding, Text: p.Text()})
		return
	}
	if w.extra[k] == 0 {
		w.first[k] = p.Line
	}
	w.extra[k]++
}

// Done returns the warnings, with the summary of those left out.
func (w *Warnings) Done() model.MsgList {
	for k, n := range w.extra {
		if n == 0 {
			continue
		}
		what := "bytes that are not UTF-8 were replaced by U+FFFD"
		switch Kind(k) {
		case NUL:
			what = "NUL bytes were removed"
		case Control:
			what = "control characters XML cannot carry were replaced by U+FFFD"
		}
		w.List = append(w.List, model.Msg{File: w.File, Line: w.first[k], Severity: model.SevWarning, ID: model.MsgEncoding,
			Text: fmt.Sprintf("on %d more lines from here, %s", n, what)})
		w.extra[k] = 0
	}
	return w.List
}
