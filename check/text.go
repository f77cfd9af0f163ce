package check

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/rivo/uniseg"
)

// TextWidth is the width the text output of the checks fits in.
const TextWidth = 100

// indent starts the lines under a result: past "ERROR  ".
const indent = "       "

// WriteText writes results for people: the failures first, then the
// errors, each with its description, its message and where the values it
// read are written (the spec line, the wiki line, the engine file:line);
// then the passing checks, one line each; then the counts. Every line fits
// TextWidth columns (a long word may not).
func WriteText(w io.Writer, results []Result) error {
	bw := bufio.NewWriter(w)
	counts := map[Status]int{}
	for _, r := range results {
		counts[r.Status]++
	}
	errorsSeen := map[string]string{}
	for _, st := range []Status{Fail, Error} {
		for _, r := range results {
			if r.Status != st {
				continue
			}
			writeHead(bw, r)
			if first, ok := errorsSeen[r.Message]; ok && st == Error {
				// One engine file that cannot be read fails all the
				// game's checks that use it: say it once.
				writeWrapped(bw, indent, "the same error as "+first)
			} else {
				if st == Error {
					errorsSeen[r.Message] = r.Game + "/" + r.ID
				}
				writeWrapped(bw, indent, r.Message)
			}
			writeDetails(bw, r)
		}
	}
	// Passing checks: their descriptions aligned (wrapped when long).
	idWidth := 0
	for _, r := range results {
		if r.Status == Pass {
			idWidth = max(idWidth, min(width(r.Game+"/"+r.ID), 30))
		}
	}
	for _, r := range results {
		if r.Status != Pass {
			continue
		}
		text := r.Description
		if text == "" {
			text = r.Message
		}
		id := r.Game + "/" + r.ID
		prefix := fmt.Sprintf("%-7s%s%s  ", r.Status, id, strings.Repeat(" ", max(0, idWidth-width(id))))
		cont := strings.Repeat(" ", min(width(prefix), TextWidth/2))
		for i, l := range wrap(oneLine(text), TextWidth-width(prefix), TextWidth-len(cont)) {
			if i == 0 {
				bw.WriteString(prefix + l + "\n")
			} else {
				bw.WriteString(cont + l + "\n")
			}
		}
	}
	fmt.Fprintf(bw, "%s: %d passed, %d failed, %d errors\n", plural(len(results), "check"), counts[Pass], counts[Fail], counts[Error])
	return bw.Flush()
}

// writeHead writes a result's first line: status, game/id and description.
func writeHead(bw *bufio.Writer, r Result) {
	head := r.Game + "/" + r.ID
	if r.Description != "" {
		head += ": " + oneLine(r.Description)
	}
	for i, l := range wrap(head, TextWidth-len(indent), TextWidth-len(indent)) {
		if i == 0 {
			fmt.Fprintf(bw, "%-7s%s\n", r.Status, l)
		} else {
			bw.WriteString(indent + l + "\n")
		}
	}
}

// writeDetails says where a failing result's spec and values are.
func writeDetails(bw *bufio.Writer, r Result) {
	if r.Spec != "" {
		writeWrapped(bw, indent+"spec    ", r.Spec)
	}
	wiki := false
	for _, o := range r.Used {
		label := "engine  "
		if o.Side == "wiki" {
			label, wiki = "wiki    ", true
		}
		writeWrapped(bw, indent+label+o.Where+"  ", o.Name+" = "+formatValue(o.Value))
	}
	if !wiki && r.Source.Page != "" {
		loc := r.Source.Page
		if r.Source.Revision != "" {
			loc += "@" + r.Source.Revision
		}
		if r.Source.Line > 0 {
			loc += fmt.Sprintf(":%d", r.Source.Line)
		}
		writeWrapped(bw, indent+"wiki    ", loc)
	}
}

// WriteHistoryText writes the checks over a page's history: each check
// that fails now first, with the side that made it fail (the wiki edit and
// the values it changed, or the engine when the wiki never changed), then
// the others; a check whose status changed lists its transitions.
func WriteHistoryText(w io.Writer, hist []HistoryResult) error {
	bw := bufio.NewWriter(w)
	counts := map[Status]int{}
	for _, h := range hist {
		counts[h.Status]++
	}
	for _, st := range []Status{Fail, Error, Pass} {
		for _, h := range hist {
			if h.Status != st {
				continue
			}
			writeHead(bw, h.Result)
			switch h.Blame {
			case BlameWiki:
				b := h.BrokenBy
				what := fmt.Sprintf("failing since the wiki edit of %s by %s", b.Revision, b.Author)
				if len(h.Transitions) == 1 {
					what = fmt.Sprintf("failing since the page was created (%s by %s); its values changed since", b.Revision, b.Author)
				}
				if b.Summary != "" {
					what += ": " + oneLine(b.Summary)
				}
				writeWrapped(bw, indent, what)
				for _, c := range h.Changed {
					writeWrapped(bw, indent+"  ", "the edit changed "+c)
				}
			case BlameEngine:
				what := fmt.Sprintf("failing at every revision since the page was created (%s), and the wiki values it "+
					"reads are the same in all %d: the wiki did not change; the engine constants (or the spec) did, "+
					"unless the page was wrong from the start", h.Transitions[0].Revision, h.Revisions)
				if h.Revisions == 1 {
					what = fmt.Sprintf("failing at the page's only revision (%s): the engine constants (or the spec) changed, "+
						"or the page was wrong from the start", h.Transitions[0].Revision)
				}
				writeWrapped(bw, indent, what)
			}
			if st == Fail || st == Error {
				writeWrapped(bw, indent, h.Message)
				writeDetails(bw, h.Result)
			}
			if len(h.Transitions) > 1 || h.Transitions[0].Status != Pass {
				for _, t := range h.Transitions {
					writeWrapped(bw, indent+"  "+t.Revision+"  "+fmt.Sprintf("%-5s  ", t.Status), t.Author+": "+oneLine(t.Message))
				}
			}
		}
	}
	fmt.Fprintf(bw, "%s over the history: %d pass now, %d fail, %d errors\n", plural(len(hist), "check"), counts[Pass], counts[Fail], counts[Error])
	return bw.Flush()
}

// writeWrapped writes text wrapped to TextWidth after prefix; the lines
// after the first are indented two columns past it.
func writeWrapped(bw *bufio.Writer, prefix, text string) {
	max := TextWidth - width(prefix)
	more := strings.Repeat(" ", width(prefix)+2)
	for i, l := range wrap(oneLine(text), max, max-2) {
		if i == 0 {
			bw.WriteString(prefix + l + "\n")
		} else {
			bw.WriteString(more + l + "\n")
		}
	}
}

// wrap breaks text at spaces into lines of at most first columns for the
// first line and rest for the others. A word longer than a line is left
// whole.
func wrap(text string, first, rest int) []string {
	var lines []string
	line, w, max := "", 0, first
	for _, word := range strings.Fields(text) {
		ww := width(word)
		switch {
		case line == "":
			line, w = word, ww
		case w+1+ww <= max:
			line, w = line+" "+word, w+1+ww
		default:
			lines = append(lines, line)
			line, w, max = word, ww, rest
		}
	}
	return append(lines, line)
}

// width is the number of columns text takes on a terminal.
func width(s string) int { return uniseg.StringWidth(s) }

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
