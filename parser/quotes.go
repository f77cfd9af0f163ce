package parser

import "strings"

// quotes applies MediaWiki's apostrophe algorithm (doQuotes) to every line.
// Two apostrophes mark italic, three bold and five both (the marks are in a
// code block because gofmt turns two apostrophes in a doc comment into a
// typographic quote):
//
//	''italic''  '''bold'''  '''''both'''''
//
// Four apostrophes are an apostrophe and bold; more than five leave the
// extra ones as text; and when a line has an odd number of both bold and
// italic marks, one bold mark is read as an apostrophe followed by italic,
// preferring one after a one-letter word.
func (ps *parseState) quotes(in *text) *text {
	s := in.s
	if !strings.Contains(s, "''") {
		return in
	}
	b := ps.passBuilder(in, len(s)/8)
	// Lines without "''" are copied in one piece with the lines around
	// them: only the lines that have some are read one by one.
	done := 0 // s[:done] is written
	for from := 0; ; {
		k := strings.Index(s[from:], "''")
		if k < 0 {
			break
		}
		k += from
		ls := strings.LastIndexByte(s[:k], '\n') + 1
		le := strings.IndexByte(s[k:], '\n')
		if le < 0 {
			le = len(s)
		} else {
			le += k
		}
		b.copy(in, done, ls)
		quoteLine(b, in, ls, le)
		done, from = le, le
	}
	b.copy(in, done, len(s))
	return b.text()
}

// quotesLine applies the algorithm to a whole text as one line (link
// labels).
func (ps *parseState) quotesLine(t *text) *text {
	if !strings.Contains(t.s, "''") {
		return t
	}
	b := newBuilder(len(t.s) + 16)
	quoteLine(b, t, 0, len(t.s))
	return b.text()
}

type qrun struct{ from, to int } // a run of apostrophes read as markup

func quoteLine(b *builder, in *text, ls, le int) {
	s := in.s
	// Split into text chunks and apostrophe runs.
	var runs []qrun
	for i := ls; i < le; {
		k := strings.Index(s[i:le], "''")
		if k < 0 {
			break
		}
		a := i + k
		z := a
		for z < le && s[z] == '\'' {
			z++
		}
		runs = append(runs, qrun{a, z})
		i = z
	}
	if len(runs) == 0 {
		b.copy(in, ls, le)
		return
	}
	numBold, numItalic := 0, 0
	for k := range runs {
		r := &runs[k]
		n := r.to - r.from
		if n == 4 {
			r.from++
			n = 3
		} else if n > 5 {
			r.from += n - 5
			n = 5
		}
		switch n {
		case 2:
			numItalic++
		case 3:
			numBold++
		case 5:
			numItalic++
			numBold++
		}
	}
	// The text chunk before run k.
	chunk := func(k int) (int, int) {
		a := ls
		if k > 0 {
			a = runs[k-1].to
		}
		return a, runs[k].from
	}
	if numBold%2 == 1 && numItalic%2 == 1 {
		firstSingle, firstMulti, firstSpace := -1, -1, -1
		for k, r := range runs {
			if r.to-r.from != 3 {
				continue
			}
			a, z := chunk(k)
			var x1, x2 byte
			if z-a >= 1 {
				x1 = s[z-1]
			}
			if z-a >= 2 {
				x2 = s[z-2]
			} else if z-a == 1 {
				x2 = s[a]
			}
			if x1 == ' ' {
				if firstSpace == -1 {
					firstSpace = k
				}
			} else if x2 == ' ' {
				firstSingle = k
				break
			} else if firstMulti == -1 {
				firstMulti = k
			}
		}
		pick := firstSingle
		if pick < 0 {
			pick = firstMulti
		}
		if pick < 0 {
			pick = firstSpace
		}
		if pick >= 0 {
			runs[pick].from++
		}
	}
	// Convert.
	state := qNone
	var buffer [][2]int // text held while it is unknown whether bold or italic opened first
	tag := func(t string, r qrun) {
		if t != "" {
			b.genAt(t, in, r.from, r.to)
		}
	}
	flushBuffer := func() {
		for _, c := range buffer {
			b.copy(in, c[0], c[1])
		}
		buffer = buffer[:0]
	}
	for k, r := range runs {
		a, z := chunk(k)
		if state == qBoth {
			buffer = append(buffer, [2]int{a, z})
		} else {
			b.copy(in, a, z)
		}
		step := quoteSteps[state][quoteMark(r.to-r.from)]
		tag(step.open, r)
		if step.flush {
			flushBuffer()
			tag(step.close, r)
		}
		state = step.next
	}
	// The text after the last run.
	tail := runs[len(runs)-1].to
	if state == qBoth {
		buffer = append(buffer, [2]int{tail, le})
	} else {
		b.copy(in, tail, le)
	}
	end := qrun{le, le}
	if state == qBoth {
		// MediaWiki writes the held text only when PHP finds it true: not
		// empty (a lone ''''' leaves nothing, and the line is blank to
		// the paragraph pass), and not "0".
		held := 0
		zero := false
		for _, c := range buffer {
			held += c[1] - c[0]
			if c[1]-c[0] == 1 {
				zero = in.s[c[0]] == '0'
			}
		}
		if held > 1 || held == 1 && !zero {
			tag("<b><i>", end)
			flushBuffer()
			tag("</i></b>", end)
		}
		return
	}
	tag(quoteClose[state], end)
}

// quoteState is the state of the apostrophe algorithm: which of bold and
// italic are open, in which order, or both opened at once by ””' (their
// order is decided by whichever closes first).
type quoteState uint8

const (
	qNone quoteState = iota
	qI               // <i>
	qB               // <b>
	qBI              // <b><i>
	qIB              // <i><b>
	qBoth            // ''''' seen: both open, order unknown
)

// quoteMark maps a run's length (2, 3 or 5) to its column in quoteSteps.
func quoteMark(n int) int {
	switch n {
	case 2:
		return 0
	case 3:
		return 1
	}
	return 2
}

// quoteStep is what a run of apostrophes does in a state: write open; in
// state qBoth, also write the held text and close; then go to next.
type quoteStep struct {
	open  string
	flush bool
	close string
	next  quoteState
}

// quoteSteps is doQuotes' conversion, by state and by run: italic (”),
// bold (”') or both (””').
var quoteSteps = [...][3]quoteStep{
	qNone: {{open: "<i>", next: qI}, {open: "<b>", next: qB}, {next: qBoth}},
	qI:    {{open: "</i>", next: qNone}, {open: "<b>", next: qIB}, {open: "</i><b>", next: qB}},
	qB:    {{open: "<i>", next: qBI}, {open: "</b>", next: qNone}, {open: "</b><i>", next: qI}},
	qBI:   {{open: "</i>", next: qB}, {open: "</i></b><i>", next: qI}, {open: "</i></b>", next: qNone}},
	qIB:   {{open: "</b></i><b>", next: qB}, {open: "</b>", next: qI}, {open: "</b></i>", next: qNone}},
	qBoth: {
		{open: "<b><i>", flush: true, close: "</i>", next: qB},
		{open: "<i><b>", flush: true, close: "</b>", next: qI},
		{open: "<i><b>", flush: true, close: "</b></i>", next: qNone},
	},
}

// quoteClose closes what is open at the end of a line.
var quoteClose = [...]string{qNone: "", qI: "</i>", qB: "</b>", qBI: "</i></b>", qIB: "</b></i>"}
