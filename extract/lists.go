package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// listItem is an item of a list, read as text.
type listItem struct {
	node *model.Node
	text string
	// split: the text has a number cut in two by a line break or text
	// set apart ("5<br>1", "5<small>1</small>"), which reads as no value
	// (plainText).
	split bool
}

// items returns a list's items (not those of nested lists).
func items(list *model.Node) []listItem {
	var out []listItem
	for li := list.FirstChild; li != nil; li = li.NextSibling {
		if li.Kind != model.KindListItem {
			continue
		}
		t, split := itemText(li)
		if dd := nextItem(li); li.Tag == "dt" && dd != nil && dd.Tag == "dd" {
			// A term and its definition ("; Wasabi : 3") are one item,
			// "Wasabi: 3", from the term to the end of the definition.
			if d, dsplit := itemText(dd); d != "" && t != "" {
				out = append(out, listItem{node: &model.Node{Kind: model.KindListItem, Pos: li.Pos, End: dd.End, Parent: list}, text: t + ": " + d, split: split >= 0 || dsplit >= 0})
				li = dd
				continue
			}
		}
		if t != "" {
			out = append(out, listItem{node: li, text: t, split: split >= 0})
		}
	}
	return out
}

// nextItem is the next sibling of n past white space, or nil.
func nextItem(n *model.Node) *model.Node {
	c := n.NextSibling
	for c != nil && c.Kind == model.KindText && strings.TrimSpace(c.Text) == "" {
		c = c.NextSibling
	}
	return c
}

// itemText is a list item's own text, without its nested lists, read as
// cellText reads a cell, and where a number is split in it (plainText).
func itemText(li *model.Node) (string, int) {
	return plainText(li, func(c *model.Node) bool { return c.Kind == model.KindList || unseen(c) })
}

// listTable tries the list forms in turn: options under a variants
// heading, counts, then items of a common shape.
func (x *extractor) listTable(list *model.Node) {
	its := items(list)
	if len(its) < 2 {
		return
	}
	if optionsHeading(model.SectionPath(list)) && x.optionList(list, its) {
		return
	}
	if x.countList(list, its) {
		return
	}
	if x.patternList(list, its) {
		return
	}
	x.labelValueList(list, its)
}

// labelValueList reads a list of "label number" items.
func (x *extractor) labelValueList(list *model.Node, its []listItem) bool {
	lines := make([]textLine, len(its))
	for i, it := range its {
		if _, _, _, _, ok := labelValue(it.text); !ok || it.split {
			return false
		}
		lines[i] = textLine{text: it.text, pos: it.node.Pos}
	}
	x.labelValueTable(lines, FormList, list)
	return true
}

// optionsHeading reports whether a section path is about variants or
// options.
func optionsHeading(path []string) bool {
	for _, p := range path {
		l := strings.ToLower(p)
		for _, w := range []string{"variant", "variation", "option", "rule set", "ruleset", "house rule", "mode", "setting"} {
			if strings.Contains(l, w) {
				return true
			}
		}
	}
	return false
}

// splitOption reads "Name: description" or "Name (description)".
func splitOption(t string) (name, desc string, ok bool) {
	if i := strings.Index(t, ": "); i > 0 && i <= 80 {
		return strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+2:]), true
	}
	if strings.HasSuffix(t, ":") && len(t) <= 80 {
		return strings.TrimSuffix(t, ":"), "", true
	}
	if strings.HasSuffix(t, ")") {
		if i := strings.IndexByte(t, '('); i > 0 && i <= 80 {
			return strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+1 : len(t)-1]), true
		}
	}
	return "", "", false
}

func (x *extractor) optionList(list *model.Node, its []listItem) bool {
	matched := 0
	for _, it := range its {
		if _, _, ok := splitOption(it.text); ok {
			matched++
		}
	}
	if matched*2 < len(its) {
		return false
	}
	t := x.newTable(list, FormList)
	t.Kind = KindOptions
	t.Columns = []string{"option", "description"}
	for _, it := range its {
		name, desc, ok := splitOption(it.text)
		if !ok {
			name, desc = it.text, ""
		}
		src := x.source(it.node)
		t.Rows = append(t.Rows, Row{
			textCell(name, name, src, it.node.Pos),
			textCell(desc, nullable(desc), src, it.node.Pos),
		})
	}
	t.Key = chooseKey(t)
	x.add(t, false)
	return true
}

func nullable(s string) Value {
	if s == "" {
		return nil
	}
	return s
}

func (x *extractor) source(n *model.Node) string {
	if n.Pos <= n.End && n.End <= len(x.doc.Source) {
		return x.doc.Source[n.Pos:n.End]
	}
	return ""
}

// parseCount reads "14 x Tempura", "2 × Wasabi", "6 Chopsticks", "14x
// Tempura", "Tempura x 14", "Tempura x14", "Tempura ×14", "Tempura (14)"
// or "Tempura (x14)": the count, as written and as a value, and the name.
// The name must read as a name: a few words, no sentence punctuation.
func parseCount(t string) (v Value, count, name string, ok bool) {
	f := textFields(t)
	if len(f) < 2 {
		return nil, "", "", false
	}
	var rest []string
	if n, ok := ParseNumber(f[0]); ok {
		v, count, rest = n, f[0], f[1:]
		if len(rest) > 1 && isTimes(rest[0]) {
			rest = rest[1:]
		}
		if numberQualifier[strings.ToLower(rest[0])] {
			// "2 or 3 Wasabi", "2 to 4 Chopsticks": the count is not
			// the first number, and no name starts with "or 3".
			return nil, "", "", false
		}
	} else if i := strings.IndexAny(f[0], "x×"); i > 0 && isTimes(f[0][i:]) {
		if n, ok := ParseNumber(f[0][:i]); ok {
			v, count, rest = n, f[0], f[1:]
		}
	}
	if v == nil && len(f) >= 3 && isTimes(f[len(f)-2]) {
		if n, ok := ParseNumber(f[len(f)-1]); ok {
			v, count, rest = n, f[len(f)-1], f[:len(f)-2]
		}
	}
	if v == nil {
		// The count after the name, with its times sign or in
		// parentheses.
		last := f[len(f)-1]
		num, paren := last, strings.HasPrefix(last, "(") && strings.HasSuffix(last, ")")
		if paren {
			num = last[1 : len(last)-1]
		}
		if i := timesPrefix(num); (i > 0 || paren) && i < len(num) {
			if n, ok := ParseNumber(num[i:]); ok {
				v, count, rest = n, last, f[:len(f)-1]
			}
		}
	}
	if _, isInt := v.(int64); !isInt {
		return nil, "", "", false
	}
	name = strings.Join(rest, " ")
	// An equation is not a name: "2 cards = 3 points" scores sets.
	if name == "" || len(rest) > 8 || !startsWithLetter(name) || strings.ContainsAny(name, ":.!?;=") || secondCount(rest) {
		return nil, "", "", false
	}
	return v, count, name, true
}

// secondCount reports whether the words of a count's name hold another
// count, outside parentheses: a number before a times sign ("Maki (1
// icon), 12 x Maki"), or after a comma or a joining word ("Wasabi and 2
// Chopsticks"). Read as one count, the item was {count: 6, name: "Maki (1
// icon), 12 x Maki (2 icons)"}: the 12 was lost from the list's sum. A
// number in parentheses is a note ("Nigiri (5 Salmon, 3 Squid)"), and one
// after a word names the thing ("Level 2 tiles").
func secondCount(name []string) bool {
	depth := 0
	for i, f := range name {
		if depth == 0 && !strings.HasPrefix(f, "(") {
			num := strings.TrimRight(f, ",;")
			_, isNum := ParseNumber(num)
			if i := strings.IndexAny(num, "x×X"); !isNum && i > 0 && isTimes(num[i:]) {
				_, isNum = ParseNumber(num[:i]) // "12x"
			}
			if isNum && (i+1 < len(name) && isTimes(name[i+1]) ||
				i > 0 && (strings.HasSuffix(name[i-1], ",") || countJoins[strings.ToLower(name[i-1])])) {
				return true
			}
		}
		depth = max(0, depth+strings.Count(f, "(")-strings.Count(f, ")"))
	}
	return false
}

// countJoins are the words that join two counts ("4 Wasabi and 2
// Chopsticks").
var countJoins = map[string]bool{"and": true, "&": true, "+": true, "plus": true}

func isTimes(s string) bool { return s == "x" || s == "×" || s == "X" || s == "*" }

// timesPrefix is the length of a times sign that s starts with ("x3",
// "×3"), or 0.
func timesPrefix(s string) int {
	for _, t := range []string{"x", "×", "X"} {
		if strings.HasPrefix(s, t) {
			return len(t)
		}
	}
	return 0
}

func startsWithLetter(s string) bool {
	for _, r := range s {
		return unicode.IsLetter(r) || r == '\'' || r == '"' || r == '(' || r > 0x2000
	}
	return false
}

// countList extracts a list whose every item is a count and a name.
func (x *extractor) countList(list *model.Node, its []listItem) bool {
	for _, it := range its {
		if _, _, _, ok := parseCount(it.text); !ok || it.split {
			return false
		}
	}
	t := x.newTable(list, FormList)
	t.Columns = []string{"count", "name"}
	for _, it := range its {
		v, count, name, _ := parseCount(it.text)
		src := x.source(it.node)
		t.Rows = append(t.Rows, Row{textCell(count, v, src, it.node.Pos), textCell(name, name, src, it.node.Pos)})
	}
	if t.DeclaredTotal = x.declaredTotal(list); t.DeclaredTotal != nil {
		t.TotalColumn = "count"
	}
	t.Key = "name"
	if chooseKey(t) != "name" {
		t.Key = chooseKey(t)
	}
	x.add(t, true)
	return true
}

// declaredTotal looks for "108 cards:" in the text right before a list.
func (x *extractor) declaredTotal(list *model.Node) Value {
	prev := list.PrevSibling
	for prev != nil && prev.Kind == model.KindText && strings.TrimSpace(prev.Text) == "" {
		prev = prev.PrevSibling
	}
	if prev == nil {
		return nil
	}
	raw, split := plainText(prev, unseen)
	text := strings.TrimSpace(raw)
	split -= strings.Index(raw, text) // where in text
	// The last line before the list.
	if i := strings.LastIndexAny(text, ".\n"); i >= 0 && i < len(text)-1 {
		text, split = strings.TrimSpace(text[i+1:]), split-(i+1)
	}
	if split >= 0 {
		// A number cut in two in it ("108<small>1</small> cards:")
		// gives no total ("1 cards").
		return nil
	}
	if !strings.HasSuffix(text, ":") {
		return nil
	}
	f := textFields(strings.TrimSuffix(text, ":"))
	if len(f) == 0 || len(f) > 8 {
		return nil
	}
	// The number closest to the colon, followed by one or two words
	// that count things: not "2 players:" or "Round 2:" (a list for two
	// players, or of the second round), nor "2 to 5 players:" or "up to
	// 20 cards:", which total nothing.
	for i := len(f) - 1; i >= 0 && i >= len(f)-3; i-- {
		var v Value
		before := "" // the field before the number
		// Its thousands a plain space groups ("1 000 cards:").
		if g := joinThousands(f[:i+1], 0); len(g) <= i {
			if n, ok := parseJoined(g[len(g)-1]); ok {
				v = n
				if len(g) > 1 {
					before = g[len(g)-2]
				}
			}
		}
		if n, ok := ParseNumber(f[i]); v == nil && ok {
			v = n
			if i > 0 {
				before = f[i-1]
			}
		}
		if v == nil {
			continue
		}
		if i == len(f)-1 || numberQualifier[strings.ToLower(before)] || notCounted[strings.ToLower(f[i+1])] {
			return nil
		}
		for _, w := range f[i+1:] {
			if !isWord(w) || unitStop[strings.ToLower(w)] {
				return nil
			}
		}
		return v
	}
	return nil
}

// notCounted are the words after a number before a list that say what
// the list is for, not how many things it holds ("2 players:").
var notCounted = map[string]bool{
	"player": true, "players": true, "round": true, "rounds": true, "turn": true, "turns": true,
	"people": true, "person": true, "persons": true, "team": true, "teams": true, "minute": true,
	"minutes": true, "year": true, "years": true, "game": true, "games": true,
}

// numberToken is a number found in running text.
type numberToken struct {
	start, end int // byte range in the text
	value      Value
}

// numbersIn finds the numbers in a text, read whole: a minus sign right
// before one ("= −1 point"; not a hyphen after a word or a number: "top-3",
// "2-4"), thousands separators ("1,000"), decimals ("0.5") and vulgar
// fractions ("½", "1½", "2 ½"). Numbers that a dash, a slash or a word
// such as "to" or "or" joins ("2-3", "3 – 4", "2 to 3", "2 or 3",
// "3/5/7") are one value, their text: read one by one, the last was the
// value of the words after it ("2-3 players" gave players 3, "remove
// 3-4 cards" cards 4). A text whose only number is two a dash between
// spaces joins is read with the dash between them ("Set of 2 – 5 points"
// is a set of 2 worth 5 points, "1 - 1 point" one card's point), as the
// sentence has no other number for the range to go with.
func numbersIn(t string) []numberToken {
	out := numbersJoined(t, true)
	if len(out) == 1 {
		if _, joined := out[0].value.(string); joined {
			if apart := numbersJoined(t, false); len(apart) > 1 {
				return apart
			}
		}
	}
	return out
}

// numbersJoined is numbersIn, a dash between spaces joining numbers only
// when spaced is true.
func numbersJoined(t string, spaced bool) []numberToken {
	var out []numberToken
	for i := 0; i < len(t); {
		if i > 0 && (isLetterByte(t[i-1]) || isDigitByte(t[i-1])) {
			i++
			continue
		}
		start, d := i, i
		if sign := minusSign(t[i:]); sign > 0 && i+sign < len(t) && (isDigitByte(t[i+sign]) || fractionAt(t[i+sign:]) > 0) &&
			(i == 0 || !isSignNeighbour(t[:i])) {
			d = i + sign
		}
		j := numberEnd(t, d)
		if j == d {
			// A fraction alone: "½ point".
			if n := fractionAt(t[d:]); n > 0 {
				j = d + n
			} else {
				i++
				continue
			}
		}
		joined := false
		for {
			k := rangeJoin(t, j, spaced)
			if k < 0 {
				break
			}
			e := numberEnd(t, k)
			if e == k {
				break
			}
			j, joined = e, true
		}
		if j < len(t) && isLetterByte(t[j]) && t[j] != 'x' {
			i = j
			continue
		}
		if joined {
			out = append(out, numberToken{start: start, end: j, value: t[start:j]})
		} else if v, ok := ParseNumber(t[start:j]); ok {
			out = append(out, numberToken{start: start, end: j, value: v})
		}
		i = j
	}
	return out
}

// numberEnd is where the number whose digits start at d in t ends: its
// digits, thousands groups, decimals and a vulgar fraction after them
// ("1,000", "0.5", "1½", "2 ½"); d when no digit is there.
func numberEnd(t string, d int) int {
	j := d
	for j < len(t) && isDigitByte(t[j]) {
		j++
	}
	if j == d {
		return d
	}
	for j < len(t) {
		switch {
		case t[j] == '.' && j+1 < len(t) && isDigitByte(t[j+1]):
			j += 2
			for j < len(t) && isDigitByte(t[j]) {
				j++
			}
			continue
		case t[j] == ',' && j+4 <= len(t) && allDigits(t[j+1:j+4]) && (j+4 == len(t) || !isDigitByte(t[j+4])):
			j += 4
			continue
		}
		// A no-break or thin space grouping thousands ("1 000").
		if r, size := utf8.DecodeRuneInString(t[j:]); isGroupSpace(r) {
			if k := j + size; k+3 <= len(t) && allDigits(t[k:k+3]) && (k+3 == len(t) || !isDigitByte(t[k+3])) {
				j = k + 3
				continue
			}
		}
		break
	}
	// "1½", "2 ½".
	if n := fractionAt(t[j:]); n > 0 {
		j += n
	} else if j+1 < len(t) && t[j] == ' ' {
		if n := fractionAt(t[j+1:]); n > 0 {
			j += 1 + n
		}
	}
	return j
}

// rangeJoin reads, at j in t (right after a number), what joins it to a
// number after it: a dash or a slash ("2-3", "3 – 4", "3/5"), or a word
// that joins two numbers ("to", "or", "and", "x": numberQualifier),
// between spaces. It returns where the next number would start, or -1.
// spaced false: a dash with a space beside it joins nothing.
func rangeJoin(t string, j int, spaced bool) int {
	k := j
	for k < len(t) && t[k] == ' ' {
		k++
	}
	for _, sep := range []string{"-", "–", "—", "/"} {
		if strings.HasPrefix(t[k:], sep) {
			d := k
			k += len(sep)
			for k < len(t) && t[k] == ' ' {
				k++
			}
			if !spaced && sep != "/" && (d > j || k > d+len(sep)) {
				return -1
			}
			return k
		}
	}
	if k == j {
		return -1
	}
	w := k
	for w < len(t) && t[w] != ' ' {
		w++
	}
	if w == k || w == len(t) || !numberQualifier[strings.ToLower(t[k:w])] {
		return -1
	}
	for w < len(t) && t[w] == ' ' {
		w++
	}
	return w
}

// minusSign is the length of the minus sign s starts with ("-", "−",
// "–"), or 0.
func minusSign(s string) int {
	for _, m := range []string{"-", "−", "–"} {
		if strings.HasPrefix(s, m) {
			return len(m)
		}
	}
	return 0
}

// isSignNeighbour reports whether the text before a '-' makes it a hyphen
// or a dash between two things rather than a minus: a letter, a digit or
// a fraction right before it.
func isSignNeighbour(before string) bool {
	r, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || vulgarFractions[string(r)] != 0
}

// fractionAt is the length of the vulgar fraction s starts with, or 0.
func fractionAt(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || vulgarFractions[string(r)] == 0 {
		return 0
	}
	return size
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// shape replaces the numbers of a text with '#'.
func shape(t string, nums []numberToken) string {
	var b strings.Builder
	last := 0
	for _, n := range nums {
		b.WriteString(singular(t[last:n.start]))
		b.WriteByte('#')
		last = n.end
	}
	b.WriteString(singular(t[last:]))
	return b.String()
}

// singular drops the plural s of the words of s longer than three
// letters, so that "1 card = 1 point" and "2 cards = 3 points" are the
// same sentence.
func singular(s string) string {
	if !strings.Contains(s, "s") {
		return s
	}
	f := strings.Fields(s)
	for i, w := range f {
		if len(w) > 3 && w[len(w)-1] == 's' && w[len(w)-2] != 's' {
			f[i] = w[:len(w)-1]
		}
	}
	// Spaces as they were matter little to the shape: one between words,
	// and the ends kept.
	out := strings.Join(f, " ")
	if strings.HasPrefix(s, " ") {
		out = " " + out
	}
	if strings.HasSuffix(s, " ") && out != " " {
		out += " "
	}
	return out
}

// patternList extracts a list whose items are the same sentence with
// different numbers: each number becomes a column.
func (x *extractor) patternList(list *model.Node, its []listItem) bool {
	texts := make([]string, len(its))
	for i, it := range its {
		if it.split {
			return false
		}
		texts[i] = it.text
	}
	cols, ok := patternColumns(texts)
	if !ok {
		return false
	}
	t := x.newTable(list, FormList)
	t.Columns = uniqueColumns(cols)
	for _, it := range its {
		t.Rows = append(t.Rows, patternRow(it.text, x.source(it.node), it.node.Pos))
	}
	t.Key = chooseKey(t)
	x.add(t, false)
	return true
}

// patternColumns names the columns of texts that are the same sentence
// with other numbers, at least two: a column per number, named from the
// words after it in the last text (where the items count up, its words
// are the plural ones: "4 cards = 10 points"). ok is false when the texts
// are not so.
func patternColumns(texts []string) (cols []string, ok bool) {
	var first string
	for k, t := range texts {
		nums := numbersIn(t)
		if len(nums) < 2 {
			return nil, false
		}
		if sh := shape(t, nums); k == 0 {
			first = sh
		} else if sh != first {
			return nil, false
		}
	}
	last := texts[len(texts)-1]
	for _, n := range numbersIn(last) {
		cols = append(cols, columnName(last[n.end:]))
	}
	return cols, true
}

// patternRow is a text's numbers as a row (patternColumns).
func patternRow(text, src string, pos int) Row {
	nums := numbersIn(text)
	row := make(Row, len(nums))
	for i, n := range nums {
		row[i] = textCell(text[n.start:n.end], n.value, src, pos)
	}
	return row
}

var auxVerbs = map[string]bool{"are": true, "is": true, "be": true, "was": true, "were": true, "get": true, "gets": true}
var particles = map[string]bool{"over": true, "out": true, "up": true, "off": true, "away": true, "back": true, "down": true}
var irregularParticiples = map[string]bool{"dealt": true, "left": true, "drawn": true, "won": true, "lost": true, "kept": true,
	"given": true, "taken": true, "held": true, "shown": true, "paid": true, "spent": true, "made": true}

// columnName names a number's column from the words after it: "player
// game" → "players", "cards are dealt" → "cards_dealt", "left over" →
// "left_over".
func columnName(after string) string {
	var words []string
	for _, f := range strings.Fields(after) {
		w := strings.ToLower(strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }))
		stop := w == "" || strings.IndexAny(f, ",.;:()") >= 0 && !strings.HasSuffix(f, w)
		if w != "" {
			words = append(words, w)
		}
		if stop || strings.IndexAny(f, ",.;:)") >= 0 || len(words) >= 4 {
			break
		}
	}
	if len(words) == 0 {
		return ""
	}
	w1 := words[0]
	rest := words[1:]
	if auxVerbs[w1] && len(rest) > 0 {
		w1, rest = rest[0], rest[1:]
	}
	name := []string{w1}
	participle := func(w string) bool {
		return irregularParticiples[w] || strings.HasSuffix(w, "ed") && len(w) > 3
	}
	for len(rest) > 0 && auxVerbs[rest[0]] {
		rest = rest[1:]
	}
	if len(rest) > 0 && (participle(rest[0]) || particles[rest[0]]) {
		name = append(name, rest[0])
		rest = rest[1:]
		if len(rest) > 0 && particles[rest[0]] {
			name = append(name, rest[0])
		}
	}
	if len(name) == 1 && !participle(w1) && !strings.HasSuffix(w1, "s") && len(w1) > 2 {
		name[0] = w1 + "s"
	}
	return strings.Join(name, "_")
}
