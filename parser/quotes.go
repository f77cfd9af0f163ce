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
	b := newBuilderFor(in, len(s)/8)
	for ls := 0; ; {
		le := strings.IndexByte(s[ls:], '\n')
		if le < 0 {
			quoteLine(b, in, ls, len(s))
			break
		}
		le += ls
		quoteLine(b, in, ls, le)
		b.copy(in, le, le+1)
		ls = le + 1
	}
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
	state := ""
	var buffer [][2]int
	tag := func(t string, r qrun) { b.genAt(t, in, r.from, r.to) }
	flushBuffer := func() {
		for _, c := range buffer {
			b.copy(in, c[0], c[1])
		}
		buffer = buffer[:0]
	}
	for k, r := range runs {
		a, z := chunk(k)
		if state == "both" {
			buffer = append(buffer, [2]int{a, z})
		} else {
			b.copy(in, a, z)
		}
		switch r.to - r.from {
		case 2:
			switch state {
			case "i":
				tag("</i>", r)
				state = ""
			case "bi":
				tag("</i>", r)
				state = "b"
			case "ib":
				tag("</b></i><b>", r)
				state = "b"
			case "both":
				tag("<b><i>", r)
				flushBuffer()
				tag("</i>", r)
				state = "b"
			default:
				tag("<i>", r)
				state += "i"
			}
		case 3:
			switch state {
			case "b":
				tag("</b>", r)
				state = ""
			case "bi":
				tag("</i></b><i>", r)
				state = "i"
			case "ib":
				tag("</b>", r)
				state = "i"
			case "both":
				tag("<i><b>", r)
				flushBuffer()
				tag("</b>", r)
				state = "i"
			default:
				tag("<b>", r)
				state += "b"
			}
		case 5:
			switch state {
			case "b":
				tag("</b><i>", r)
				state = "i"
			case "i":
				tag("</i><b>", r)
				state = "b"
			case "bi":
				tag("</i></b>", r)
				state = ""
			case "ib":
				tag("</b></i>", r)
				state = ""
			case "both":
				tag("<i><b>", r)
				flushBuffer()
				tag("</b></i>", r)
				state = ""
			default:
				buffer = buffer[:0]
				state = "both"
			}
		}
	}
	// The text after the last run.
	tail := runs[len(runs)-1].to
	if state == "both" {
		buffer = append(buffer, [2]int{tail, le})
	} else {
		b.copy(in, tail, le)
	}
	end := qrun{le, le}
	if state == "b" || state == "ib" {
		tag("</b>", end)
	}
	if state == "i" || state == "bi" || state == "ib" {
		tag("</i>", end)
	}
	if state == "bi" {
		tag("</b>", end)
	}
	if state == "both" && len(buffer) > 0 {
		tag("<b><i>", end)
		flushBuffer()
		tag("</i></b>", end)
	}
}
