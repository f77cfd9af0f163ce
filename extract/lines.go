package extract

import (
	"slices"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// A line of text in a paragraph or a <pre> block.
type textLine struct {
	text string
	pos  int
	// split: a number of the line is cut in two by text set apart
	// ("Pair 5<small>1</small>"): the line reads as no row, not as Pair
	// 5 worth 1 (plainText).
	split bool
}

// lineRun collects consecutive lines of one section, across paragraphs.
type lineRun struct {
	lines []textLine
	first *model.Node
	pre   bool
}

func (r *lineRun) add(x *extractor, n *model.Node, pre bool) {
	if r.first == nil {
		r.first = n
	}
	r.pre = r.pre || pre
	r.lines = splitLines(r.lines, x.doc.Source, n)
}

// maxTableLine is the longest line read as a table row.
const maxTableLine = 200

// splitLines appends to out a block's inline content as lines: newlines in
// text and line breaks end a line. A line's text has its spaces collapsed
// (strings.Fields joined by one space); a line longer than maxTableLine
// has no text. This runs on every paragraph of every revision, most of
// them prose: a long line is counted, not kept, and a line already
// collapsed is not split and joined again.
func splitLines(out []textLine, src string, n *model.Node) []textLine {
	// The line, while it is at most maxTableLine bytes: its only part
	// (most lines are one part of one text: the line's text is then that
	// string, no copy) or its parts joined in cur.
	var cur []byte
	var only string
	parts, curLen, curPos := 0, 0, -1
	// edge: an edge of an element set apart (apartText) since the
	// line's last word: a digit after it does not run on with one before
	// it. last and tail are the line's last byte that is not white space
	// and its last byte (0: none).
	edge, split := false, false
	var last, tail byte
	end := func() {
		if curLen > maxTableLine {
			out = append(out, textLine{text: "", pos: curPos, split: split})
		} else {
			var t string
			switch parts {
			case 1:
				t = collapseSpaces(only)
			case 0:
			default:
				t = collapseSpaces(cur)
			}
			if t != "" {
				out = append(out, textLine{text: t, pos: curPos, split: split})
			}
		}
		cur, only, parts, curLen, curPos = cur[:0], "", 0, 0, -1
		edge, split, last, tail = false, false, 0, 0
	}
	put := func(p string) {
		if curLen += len(p); curLen <= maxTableLine {
			switch parts {
			case 0:
				only = p
			case 1:
				cur = append(append(cur[:0], only...), p...)
			default:
				cur = append(cur, p...)
			}
			parts++
		}
	}
	add := func(p string) {
		if p == "" {
			return
		}
		// The first and last bytes that are not white space (" \t\r\f\v"),
		// found by hand: strings.TrimLeft and TrimRight build their cutset
		// at every call, and this runs for every part of every line.
		j := len(p) - 1
		for j >= 0 && isLineSpace(p[j]) {
			j--
		}
		if j >= 0 {
			if edge && isDigitByte(last) {
				k := 0
				for isLineSpace(p[k]) {
					k++
				}
				if isDigitByte(p[k]) {
					split = true
					if k == 0 && isDigitByte(tail) {
						put(" ")
					}
				}
			}
			edge, last = false, p[j]
		}
		tail = p[len(p)-1]
		put(p)
	}
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if !entering {
			if c.Kind == model.KindElement && apartText(c) && !unseen(c) {
				edge = true
			}
			return model.WalkContinue
		}
		switch c.Kind {
		case model.KindText:
			text := c.Text
			var starts []int // partStarts, when a line needs its start
			for i := 0; ; i++ {
				p, rest, more := strings.Cut(text, "\n")
				if i > 0 {
					end()
				}
				if curPos < 0 && strings.TrimSpace(p) != "" {
					if starts == nil {
						starts = partStarts(src, c, strings.Count(c.Text, "\n")+1)
					}
					curPos = starts[i]
				}
				add(p)
				if !more {
					break
				}
				text = rest
			}
		case model.KindLineBreak:
			end()
		case model.KindImage, model.KindError, model.KindRef:
			// A footnote marker is not part of the value.
			return model.WalkSkipChildren
		case model.KindElement:
			if unseen(c) {
				// Nor a superscript one ("10<sup>2</sup>" read 102), nor
				// hidden text.
				return model.WalkSkipChildren
			}
			if apartText(c) {
				edge = true
			}
		}
		return model.WalkContinue
	})
	end()
	return out
}

// collapseSpaces is strings.Join(strings.Fields(string(b)), " "), without
// splitting a line of ASCII whose spaces are single already (a string is
// then returned as it is).
func collapseSpaces[T string | []byte](b T) string {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c >= 0x80, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r',
			c == ' ' && (i == 0 || i == len(b)-1 || b[i-1] == ' '):
			return collapseKeepingGroups(string(b))
		}
	}
	return string(b)
}

// textFields is strings.Fields but for the no-break and thin spaces that
// group a number's digits ("1 000"), which stay in its field.
func textFields(s string) []string {
	c := collapseKeepingGroups(s)
	if c == "" {
		return nil
	}
	return strings.Split(c, " ")
}

// parseJoined reads a field joinThousands may have joined: a field has a
// plain space only there.
func parseJoined(field string) (Value, bool) {
	return ParseNumber(strings.ReplaceAll(field, " ", ""))
}

// joinThousands joins the groups a plain space leaves of a number at the
// end of fields ("1 000"): three-digit fields after one of one to three
// digits, when one of them starts with a 0 and so cannot be a number of
// its own ("000", "050"). At least keep fields stay before the number.
func joinThousands(f []string, keep int) []string {
	k := len(f)
	zero := false
	for k > 0 && len(f[k-1]) == 3 && allDigits(f[k-1]) {
		zero = zero || f[k-1][0] == '0'
		k--
	}
	head := k - 1
	if !zero || k == len(f) || head < keep || len(f[head]) > 3 || !allDigits(f[head]) || f[head][0] == '0' {
		return f
	}
	return append(f[:head:head], strings.Join(f[head:], " "))
}

// partStarts returns where each of the n newline-separated parts of a text
// node's text begins in the source. A text node may stand for source that
// reads differently (an entity, a template's output); its i-th line still
// begins after the i-th newline of its source when both have as many
// newlines. Otherwise every part takes the node's position, the nearest
// place known.
func partStarts(src string, c *model.Node, n int) []int {
	starts := make([]int, n)
	for i := range starts {
		starts[i] = c.Pos
	}
	if n == 1 || c.Pos < 0 || c.End > len(src) || c.Pos > c.End {
		return starts
	}
	s := src[c.Pos:c.End]
	if strings.Count(s, "\n") != n-1 {
		return starts
	}
	off := 0
	for i := 1; i < n; i++ {
		off += strings.IndexByte(s[off:], '\n') + 1
		starts[i] = c.Pos + off
	}
	return starts
}

// labelValue reads "label number", "label number /" and
// "label number (note)".
// valueText is the number as written ("11", "−2").
func labelValue(t string) (label string, value Value, valueText, note string, ok bool) {
	// Parenthesised notes, wherever they are ("9 high 1 (note)", "9 high
	// (note) 1", "75432(note) 8").
	body := t
	var notes []string
	for {
		a := strings.IndexByte(body, '(')
		if a < 0 {
			break
		}
		z := strings.IndexByte(body[a:], ')')
		if z < 0 {
			break
		}
		z += a
		notes = append(notes, strings.TrimSpace(body[a+1:z]))
		body = strings.TrimSpace(body[:a]) + " " + strings.TrimSpace(body[z+1:])
	}
	note = strings.Join(notes, "; ")
	body = strings.TrimSpace(body)
	body = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(body), "/"))
	f := joinThousands(textFields(body), 1)
	if len(f) < 2 || len(f) > 7 {
		return "", nil, "", "", false
	}
	valueText = f[len(f)-1]
	v, isNum := parseJoined(valueText)
	if !isNum {
		// A footnote mark after the value ("Pair 10*").
		if rest, ok := stripFootnoteMark(valueText); ok {
			v, isNum = ParseNumber(rest)
		}
	}
	labelEnd := len(f) - 1
	if !isNum && len(f) >= 3 && strings.HasSuffix(f[len(f)-3], ":") && isWord(f[len(f)-1]) {
		// "1st place: 10 points": a number and its unit after a colon.
		if v, isNum = ParseNumber(f[len(f)-2]); isNum {
			valueText, labelEnd = f[len(f)-2]+" "+f[len(f)-1], len(f)-2
		}
	}
	if !isNum {
		return "", nil, "", "", false
	}
	// A word that qualifies the number, or joins it to one before, says
	// it is not the value: "2 or 3", "3 to 5", "up to 10", "more than
	// 10", "2 x 5" (the label took all but the last number: "Trips 2 or"
	// 3, "Bonus up to" 10).
	if numberQualifier[strings.ToLower(f[labelEnd-1])] {
		return "", nil, "", "", false
	}
	// A dash, an equals sign or an arrow apart between the label and the
	// number separates them, as a colon does ("Ace – 11"); a dash after a
	// number is a range ("Players 3 – 5" is not Players 3 worth 5).
	if labelEnd > 1 && labelSeparator[f[labelEnd-1]] {
		if dashes[f[labelEnd-1]] {
			if _, ok := parseJoined(f[labelEnd-2]); ok {
				return "", nil, "", "", false
			}
		}
		labelEnd--
	}
	// A number in the label after its colon makes the line a row of
	// numbers ("Round: 1 2 3", "Bonus: 1,000 2,000 3 000"), not a label
	// and the last of them ({Round: 1 2: 3}), and so does one after the
	// first colon or separator, before a comma ("Pair: 2, Trips: 5",
	// "Squid = 3, Salmon = 2"): the line holds several labels and values,
	// and read as one it was {Pair: 2, Trips: 5}, Pair's 2 lost in the
	// label of Trips's 5. Before a colon, or with none, numbers may name
	// the row: "10 10 5" is a pair of tens worth 5.
	sep := -1 // the label's first field that ends with a colon, or separator
	for i := range labelEnd {
		if strings.HasSuffix(f[i], ":") || labelSeparator[f[i]] {
			sep = i
			break
		}
	}
	for i := sep + 1; sep >= 0 && i < labelEnd; i++ {
		if isNumberField(strings.TrimRight(f[i], ",;")) {
			return "", nil, "", "", false
		}
	}
	label = strings.Join(f[:labelEnd], " ")
	if strings.HasSuffix(label, ":") {
		label = strings.TrimSuffix(label, ":")
	}
	if label == "" || len(label) > 50 || strings.ContainsAny(label, ".!?;") {
		return "", nil, "", "", false
	}
	return label, v, valueText, note, true
}

// isNumberField reports whether a field of a line reads as a number.
func isNumberField(f string) bool {
	_, ok := parseJoined(f)
	return ok
}

// labelSeparator are the words that stand between a label and its number.
var labelSeparator = map[string]bool{"-": true, "–": true, "—": true, "=": true, "→": true, "->": true, "=>": true, ":": true}

// dashes are the separators that between two numbers make a range.
var dashes = map[string]bool{"-": true, "–": true, "—": true}

// numberQualifier are the words that, right before a number, make it
// other than the value of the line: a bound ("up to", "more than", "at
// least"), another number's partner ("2 or 3", "3 to 5", "2 x 5", "2 +
// 3") or an approximation ("about 10").
var numberQualifier = map[string]bool{
	"or": true, "and": true, "to": true, "than": true, "least": true, "most": true, "x": true, "×": true,
	"*": true, "times": true, "plus": true, "minus": true, "+": true, "/": true, "&": true, "by": true,
	"per": true, "about": true, "around": true, "approximately": true, "nearly": true, "almost": true,
	"over": true, "under": true, "max": true, "max.": true, "min": true, "min.": true, "maximum": true,
	"minimum": true, "~": true, "<": true, ">": true, "≤": true, "≥": true, "<=": true, ">=": true,
}

// lineTables finds tables in a run of lines: "Label: v v v" rows of equal
// length (a table written sideways), or consecutive "label number" lines.
func (x *extractor) lineTables(r *lineRun) {
	if len(r.lines) < 2 {
		return
	}
	form := FormLines
	if r.pre {
		form = FormPre
	}
	// A line with a number cut in two ("Pair 5<small>1</small>") is no
	// row of a table: the forms that read every line are not tried, and
	// it ends a run of label/value lines.
	split := slices.ContainsFunc(r.lines, func(l textLine) bool { return l.split })
	if !split && x.alignedRows(r, form) {
		return
	}
	if !split && x.countLines(r, form) {
		return
	}
	if !split && x.patternLines(r, form) {
		return
	}
	// Runs of at least two label/value lines.
	start := -1
	flushRun := func(end int) {
		if start >= 0 && end-start >= 2 {
			x.labelValueTable(r.lines[start:end], form, r.first)
		}
		start = -1
	}
	for i, l := range r.lines {
		if _, _, _, _, ok := labelValue(l.text); ok && !l.split {
			if start < 0 {
				start = i
			}
			continue
		}
		flushRun(i)
	}
	flushRun(len(r.lines))
}

// patternLines reads lines that are the same sentence with other numbers
// ("2 players: 10 cards each", "3 players: 9 cards each") as a table, as
// patternList reads list items: a column per number, named from the words
// after it. Lines that read as label and value are left to those tables,
// and a number with no word after it to name its column leaves the lines
// alone.
func (x *extractor) patternLines(r *lineRun, form Form) bool {
	texts := make([]string, len(r.lines))
	for i, l := range r.lines {
		if _, _, _, _, ok := labelValue(l.text); ok {
			return false
		}
		texts[i] = l.text
	}
	cols, ok := patternColumns(texts)
	if !ok || slices.Contains(cols, "") {
		return false
	}
	last := r.lines[len(r.lines)-1]
	n := &model.Node{Pos: r.lines[0].pos, End: x.lineEnd(last), Parent: r.first.Parent}
	t := x.newTable(n, form)
	t.Columns = uniqueColumns(cols)
	for _, l := range r.lines {
		t.Rows = append(t.Rows, patternRow(l.text, x.lineSource(l), l.pos))
	}
	t.Key = chooseKey(t)
	x.add(t, false)
	return true
}

func (x *extractor) labelValueTable(lines []textLine, form Form, first *model.Node) {
	n := &model.Node{Pos: lines[0].pos, End: x.lineEnd(lines[len(lines)-1]), Parent: first.Parent}
	if form == FormList {
		n = first
	}
	t := x.newTable(n, form)
	hasNote := false
	for _, l := range lines {
		if _, _, _, note, _ := labelValue(l.text); note != "" {
			hasNote = true
		}
	}
	t.Columns = []string{"label", "value"}
	if hasNote {
		t.Columns = append(t.Columns, "note")
	}
	for _, l := range lines {
		label, v, vt, note, _ := labelValue(l.text)
		src := x.lineSource(l)
		row := Row{textCell(label, label, src, l.pos), textCell(vt, v, src, l.pos)}
		if hasNote {
			row = append(row, textCell(note, nullable(note), src, l.pos))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Key = chooseKey(t)
	x.add(t, false)
}

// lineEnd returns the offset of the end of the source line of l.
func (x *extractor) lineEnd(l textLine) int {
	if l.pos < 0 {
		return 0
	}
	return l.pos + len(x.lineSource(l))
}

// lineSource returns the source line a text line starts on.
func (x *extractor) lineSource(l textLine) string {
	src := x.doc.Source
	if l.pos < 0 || l.pos > len(src) {
		return l.text
	}
	end := strings.IndexByte(src[l.pos:], '\n')
	if end < 0 {
		return src[l.pos:]
	}
	return src[l.pos : l.pos+end]
}

// splitValues splits "1 2 3 4 5 or more" into values: a number starts a
// value, and so does a field that starts with digits ("5+", "3-4"),
// which attached to the value before left its row a value short; words
// attach to the value before them, and so does a
// number after a word that joins it to that value ("9 or 8", "3 to 5"):
// read as a value of its own it moved every value after it a column on.
func splitValues(s string) []string {
	var out []string
	joined := false // the last field was a word joining the next to its value
	for _, f := range textFields(s) {
		if startsNumber(f) && !joined || len(out) == 0 {
			out = append(out, f)
		} else {
			out[len(out)-1] += " " + f
		}
		joined = numberQualifier[strings.ToLower(f)] || dashes[f]
	}
	return out
}

// startsNumber reports whether a field is a number or starts with one's
// digits ("5+", "3-4", "−2").
func startsNumber(f string) bool {
	if _, ok := ParseNumber(f); ok {
		return true
	}
	for _, sign := range []string{"-", "−", "–", "+"} {
		f = strings.TrimPrefix(f, sign)
	}
	return f != "" && isDigitByte(f[0])
}

// alignedRows reads lines "Label: v1 v2 v3" with the same number of values
// as a table whose columns are the labels.
func (x *extractor) alignedRows(r *lineRun, form Form) bool {
	var labels []string
	var values [][]string
	width := -1
	for _, l := range r.lines {
		i := strings.Index(l.text, ":")
		if i <= 0 || i > 40 {
			return false
		}
		vals := splitValues(l.text[i+1:])
		if len(vals) < 2 || (width >= 0 && len(vals) != width) {
			return false
		}
		numeric := 0
		for _, v := range vals {
			if _, ok := leadingNumber(v); ok {
				numeric++
			}
		}
		if numeric*2 < len(vals) {
			return false
		}
		width = len(vals)
		labels = append(labels, strings.TrimSpace(l.text[:i]))
		values = append(values, vals)
	}
	n := &model.Node{Pos: r.lines[0].pos, End: x.lineEnd(r.lines[len(r.lines)-1]), Parent: r.first.Parent}
	t := x.newTable(n, form)
	t.Columns = uniqueColumns(labels)
	for c := 0; c < width; c++ {
		row := make(Row, len(labels))
		for li := range labels {
			v := values[li][c]
			row[li] = textCell(v, CellValue(v), x.lineSource(r.lines[li]), r.lines[li].pos)
		}
		t.Rows = append(t.Rows, row)
	}
	t.Key = chooseKey(t)
	x.add(t, false)
	return true
}

// stripBullet removes a typed bullet ("• ", "- ", "· ") from a line.
func stripBullet(t string) (string, bool) {
	for _, b := range []string{"•", "·", "‣", "◦", "-", "–", "*"} {
		if strings.HasPrefix(t, b) {
			return strings.TrimSpace(t[len(b):]), true
		}
	}
	return t, false
}

// countLines reads paragraphs written as a hand-made bulleted list of
// counts ("• 20 Spartan cards") as a count table.
func (x *extractor) countLines(r *lineRun, form Form) bool {
	for _, l := range r.lines {
		t, bullet := stripBullet(l.text)
		if _, _, _, ok := parseCount(t); !ok || !bullet {
			return false
		}
	}
	n := &model.Node{Pos: r.lines[0].pos, End: x.lineEnd(r.lines[len(r.lines)-1]), Parent: r.first.Parent}
	t := x.newTable(n, form)
	t.Columns = []string{"count", "name"}
	for _, l := range r.lines {
		text, _ := stripBullet(l.text)
		v, count, name, _ := parseCount(text)
		src := x.lineSource(l)
		t.Rows = append(t.Rows, Row{textCell(count, v, src, l.pos), textCell(name, name, src, l.pos)})
	}
	t.Key = chooseKey(t)
	x.add(t, true)
	return true
}

// isLineSpace reports whether c is white space within a line.
func isLineSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}
