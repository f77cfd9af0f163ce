package check

import (
	"fmt"
	"strings"
)

// The statements that decide which assignments run: if/elseif/else,
// switch, foreach, for, while, do … while, break and continue. A file
// that builds its tables in a loop (for ($i = 1; $i <= 6; $i++) {
// $this->dice[$i] = …; }) reads as PHP runs it; a branch or a loop body
// not run is passed over, not read. Loops are bounded: maxPHPSteps
// iterations in all, and maxPHPLoopCode bytes of code read by them (a
// loop's condition, step and body, counted again for each iteration).

// maxPHPSteps bounds the iterations of a file's loops, in all.
const maxPHPSteps = 100_000

// maxPHPLoopCode bounds the code the loops read, in all: 100,000 runs of
// a body of 800 bytes read 80 MB of code, which took 6 s (the values a
// loop builds count against maxPHPWork, which bounds their memory, not
// the time spent reading).
const maxPHPLoopCode = 4 << 20

// phpJump is a break or continue on its way to the loop it leaves.
type phpJump struct {
	brk    bool
	levels int
}

func (j *phpJump) Error() string {
	if j.brk {
		return "break outside a loop"
	}
	return "continue outside a loop"
}

// ifStatement reads if (c) s [elseif (c) s]… [else s]: the first branch
// whose condition holds runs; the conditions after it are not evaluated
// and the other branches are passed over.
func (p *phpParser) ifStatement() error {
	taken := false
	for {
		if err := p.expect("("); err != nil {
			return err
		}
		c, err := p.side(taken, p.expr)
		if err != nil {
			return err
		}
		if err := p.expect(")"); err != nil {
			return err
		}
		run := !taken && phpTruthy(c)
		if err := p.branch(run); err != nil {
			return err
		}
		taken = taken || run
		save := p.i
		switch strings.ToLower(p.ident()) {
		case "elseif":
			continue
		case "else":
			return p.branch(!taken)
		}
		p.i = save
		return nil
	}
}

// branch runs the statement that comes next, or passes over it.
func (p *phpParser) branch(run bool) error {
	if run {
		return p.statement()
	}
	return p.skipStatement()
}

// foreachStatement reads foreach (array as $v) s and foreach (array as
// $k => $v) s ($v may be a list of variables, [$a, $b]): the body runs
// once per element of a copy of the array, as in PHP.
func (p *phpParser) foreachStatement(start int) error {
	if err := p.expect("("); err != nil {
		return err
	}
	v, err := p.expr()
	if err != nil {
		return err
	}
	if !strings.EqualFold(p.ident(), "as") {
		return p.errorf("expected \"as\" in foreach, found %s", p.found())
	}
	var keyName, valName string
	var valPat *phpPattern
	readTarget := func() error {
		switch {
		case p.peek("&"):
			return p.errorf("unsupported construct: foreach by reference (&$v)")
		case p.peek("[") || strings.EqualFold(p.peekIdent(), "list"):
			valPat, err = p.pattern()
			return err
		}
		valName, err = p.variableName()
		return err
	}
	if err := readTarget(); err != nil {
		return err
	}
	if p.accept("=>") {
		if valPat != nil {
			return p.errorf("expected a variable for the key, found a list")
		}
		keyName = valName
		if err := readTarget(); err != nil {
			return err
		}
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	body := p.i
	if err := p.skipStatement(); err != nil {
		return err
	}
	end := p.i
	arr, ok := v.(*phpArray)
	if !ok {
		// PHP warns ("foreach() argument must be of type array|object")
		// and runs nothing.
		return nil
	}
	keys := append([]phpKey(nil), arr.keys...)
	vals := append([]any(nil), arr.vals...)
	for i := range keys {
		if keyName != "" {
			p.setVar(keyName, keyValue(keys[i]))
		}
		if valPat != nil {
			if err := p.destructure(valPat, vals[i]); err != nil {
				return err
			}
		} else if err := p.setCopy(start, valName, vals[i]); err != nil {
			return err
		}
		stop, err := p.iterate(start, end-body, body)
		if err != nil || stop {
			p.i = end
			return err
		}
	}
	p.i = end
	return nil
}

// forStatement reads for (init; condition; step) s: init's assignments
// run once, then the body and the step's run while the condition holds
// (an empty condition always does).
func (p *phpParser) forStatement(start int) error {
	if err := p.expect("("); err != nil {
		return err
	}
	if err := p.assignList(";"); err != nil {
		return err
	}
	cond, err := p.skipPast(';')
	if err != nil {
		return err
	}
	step, err := p.skipPast(')')
	if err != nil {
		return err
	}
	body, end, err := p.loopBody()
	if err != nil {
		return err
	}
	holds := func() (bool, error) {
		p.i = cond
		holds := true
		for !p.accept(";") {
			c, err := p.expr()
			if err != nil {
				return false, err
			}
			holds = phpTruthy(c) // the last one decides
			if !p.accept(",") && !p.peek(";") {
				return false, p.errorf("expected \";\" after the condition of a for loop, found %s", p.found())
			}
		}
		return holds, nil
	}
	next := func() error {
		p.i = step
		return p.assignList(")")
	}
	return p.loop(start, cond, body, end, holds, next)
}

// whileStatement reads while (condition) s: the body runs while the
// condition holds.
func (p *phpParser) whileStatement(start int) error {
	if err := p.expect("("); err != nil {
		return err
	}
	cond, err := p.skipPast(')')
	if err != nil {
		return err
	}
	body, end, err := p.loopBody()
	if err != nil {
		return err
	}
	return p.loop(start, cond, body, end, p.condition(cond), nil)
}

// doWhileStatement reads do s while (condition);: the body runs once,
// then again while the condition holds.
func (p *phpParser) doWhileStatement(start int) error {
	body, _, err := p.loopBody()
	if err != nil {
		return err
	}
	if !strings.EqualFold(p.ident(), "while") {
		return p.errorf("expected \"while\" after the body of do, found %s", p.found())
	}
	if err := p.expect("("); err != nil {
		return err
	}
	cond, err := p.skipPast(')')
	if err != nil {
		return err
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	first, test := true, p.condition(cond)
	holds := func() (bool, error) {
		if first {
			first = false
			return true, nil
		}
		return test()
	}
	return p.loop(start, body, body, p.i, holds, nil)
}

// condition evaluates a while loop's condition, from cond to its ')'.
func (p *phpParser) condition(cond int) func() (bool, error) {
	return func() (bool, error) {
		p.i = cond
		c, err := p.expr()
		if err != nil {
			return false, err
		}
		return phpTruthy(c), p.expect(")")
	}
}

// skipPast passes over what comes up to c (outside brackets and strings)
// and c, and returns where it started.
func (p *phpParser) skipPast(c byte) (int, error) {
	at := p.i
	if err := p.skipUntil(c); err != nil {
		return 0, err
	}
	p.i++
	return at, nil
}

// loopBody passes over a loop's body and returns where it starts and ends.
func (p *phpParser) loopBody() (int, int, error) {
	body := p.i
	if err := p.skipStatement(); err != nil {
		return 0, 0, err
	}
	return body, p.i, nil
}

// loop runs the body (from body) while holds says so, next after each
// run (a for loop's step), and goes on at exit; each run reads the code
// from code to exit again (its condition, step and body).
func (p *phpParser) loop(start, code, body, exit int, holds func() (bool, error), next func() error) error {
	for {
		ok, err := holds()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		stop, err := p.iterate(start, exit-code, body)
		if err != nil || stop {
			p.i = exit
			return err
		}
		if next != nil {
			if err := next(); err != nil {
				return err
			}
		}
	}
	p.i = exit
	return nil
}

// switchStatement reads switch (subject) { case a: … default: … }: the
// labels are compared with the subject in order (==, as PHP does) until
// one is equal, or default when none is; the statements run from there,
// through the labels that follow, to the end or a break (switch counts as
// a loop for break and continue, as in PHP). The labels after the one
// taken are not evaluated.
func (p *phpParser) switchStatement(start int) error {
	if err := p.expect("("); err != nil {
		return err
	}
	subject, err := p.expr()
	if err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if err := p.expect("{"); err != nil {
		return err
	}
	entry, dflt := -1, -1
	for !p.accept("}") {
		if p.i >= len(p.src) {
			return p.errorAt(start, "the switch is not closed")
		}
		save := p.i
		switch strings.ToLower(p.ident()) {
		case "case":
			c, err := p.side(entry >= 0, p.expr)
			if err != nil {
				return err
			}
			if !p.accept(":") && !p.accept(";") {
				return p.errorf("expected \":\" after a case, found %s", p.found())
			}
			if entry < 0 {
				if err := p.readable(start, subject); err != nil {
					return err
				}
				if err := p.readable(start, c); err != nil {
					return err
				}
			}
			if entry < 0 && phpCompare(subject, c) == 0 {
				entry = p.i
			}
			continue
		case "default":
			if !p.accept(":") && !p.accept(";") {
				return p.errorf("expected \":\" after default, found %s", p.found())
			}
			dflt = p.i
			continue
		}
		p.i = save
		if err := p.skipStatement(); err != nil {
			return err
		}
	}
	end := p.i
	if entry < 0 {
		entry = dflt
	}
	if entry < 0 {
		return nil
	}
	p.loops++
	defer func() { p.loops-- }()
	p.i = entry
	for !p.accept("}") {
		save := p.i
		switch strings.ToLower(p.ident()) {
		case "case":
			if _, err := p.side(true, p.expr); err != nil {
				return err
			}
			p.accept(":")
			p.accept(";")
			continue
		case "default":
			p.accept(":")
			p.accept(";")
			continue
		}
		p.i = save
		err := p.statement()
		if j, ok := err.(*phpJump); ok {
			p.i = end
			if j.levels > 1 {
				j.levels--
				return j
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
	p.i = end
	return nil
}

// assignList runs the assignments of a for loop's part, separated by
// commas, up to and including end.
func (p *phpParser) assignList(end string) error {
	for !p.accept(end) {
		if err := p.assignExpr(); err != nil {
			return err
		}
		if !p.accept(",") && !p.peek(end) {
			return p.errorf("expected %q in a for loop, found %s", end, p.found())
		}
	}
	return nil
}

// iterate runs a loop's body (from body) once, counting the step and
// the code it reads (code bytes) against the bounds, and reports whether
// the loop stops (a break).
func (p *phpParser) iterate(start, code, body int) (bool, error) {
	if p.r.steps++; p.r.steps > maxPHPSteps {
		return true, p.errorAt(start, "the loops run more than %d times in all: the reader stops there", maxPHPSteps)
	}
	if p.r.looped += code; p.r.looped > maxPHPLoopCode {
		return true, p.errorAt(start, "the loops read more than 4 MB of code in all (a loop's condition and body counted once per run): the reader stops there")
	}
	p.loops++
	defer func() { p.loops-- }()
	p.i = body
	err := p.statement()
	if j, ok := err.(*phpJump); ok {
		if j.levels > 1 {
			j.levels--
			return true, j
		}
		return j.brk, nil
	}
	return false, err
}

// jump reads break [n]; or continue [n];.
func (p *phpParser) jump(start int, brk bool) error {
	levels := int64(1)
	if !p.peek(";") {
		v, err := p.expr()
		if err != nil {
			return err
		}
		n, ok := v.(int64)
		if !ok || n < 1 {
			return p.errorAt(start, "break and continue take a positive integer, not %s", phpType(v))
		}
		levels = n
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	if int64(p.loops) < levels {
		kw := "continue"
		if brk {
			kw = "break"
		}
		return p.errorAt(start, "%s %d leaves %d loops, and %d enclose it", kw, levels, levels, p.loops)
	}
	return &phpJump{brk: brk, levels: int(levels)}
}

// skipStatement passes over one statement without running it: a block,
// a control statement with its body (and an if's other branches), or what
// comes up to its ';'.
func (p *phpParser) skipStatement() error {
	p.skip()
	if p.accept("{") {
		return p.skipBalanced('{', '}', 1)
	}
	save := p.i
	switch kw := strings.ToLower(p.ident()); kw {
	case "switch":
		if err := p.expect("("); err != nil {
			return err
		}
		if err := p.skipBalanced('(', ')', 1); err != nil {
			return err
		}
		if err := p.expect("{"); err != nil {
			return err
		}
		return p.skipBalanced('{', '}', 1)
	case "do":
		if err := p.skipStatement(); err != nil {
			return err
		}
		if !strings.EqualFold(p.ident(), "while") {
			return p.errorf("expected \"while\" after the body of do, found %s", p.found())
		}
		if err := p.expect("("); err != nil {
			return err
		}
		if err := p.skipBalanced('(', ')', 1); err != nil {
			return err
		}
		return p.expect(";")
	case "if", "foreach", "for", "while":
		if err := p.skipHeaded(); err != nil {
			return err
		}
		for kw == "if" {
			save := p.i
			switch strings.ToLower(p.ident()) {
			case "elseif":
				if err := p.skipHeaded(); err != nil {
					return err
				}
				continue
			case "else":
				return p.skipStatement()
			}
			p.i = save
			break
		}
		return nil
	}
	p.i = save
	if err := p.skipUntil(';'); err != nil {
		return err
	}
	p.i++
	return nil
}

// skipHeaded passes over "(…) statement", what follows if, elseif and the
// loops' keywords.
func (p *phpParser) skipHeaded() error {
	if err := p.expect("("); err != nil {
		return err
	}
	if err := p.skipBalanced('(', ')', 1); err != nil {
		return err
	}
	return p.skipStatement()
}

// skipUntil moves to the next c outside brackets, strings and heredocs.
func (p *phpParser) skipUntil(c byte) error {
	start := p.i
	for {
		p.skip()
		if p.i >= len(p.src) {
			return p.errorAt(start, "expected %q, found end of file", c)
		}
		switch b := p.src[p.i]; {
		case b == c:
			return nil
		case b == '(' || b == '[' || b == '{':
			close := map[byte]byte{'(': ')', '[': ']', '{': '}'}[b]
			p.i++
			if err := p.skipBalanced(b, close, 1); err != nil {
				return err
			}
		case b == '\'' || b == '"' || b == '`':
			if err := p.skipString(); err != nil {
				return err
			}
		case strings.HasPrefix(p.src[p.i:], "<<<"):
			if _, _, _, err := p.heredocText(); err != nil {
				return err
			}
		default:
			p.i++
		}
	}
}

// phpIncrement is v++ (op "+") or v-- ("-") as PHP 8 makes it: numbers
// and numeric strings count, null++ is 1 and null-- null, a bool does not
// change, and a string that is not a number steps its letters and digits
// ("a"++ is "b", "Az"++ "Ba", "z9"++ "aa0"; -- leaves it).
func phpIncrement(v any, op string) (any, error) {
	switch x := v.(type) {
	case nil:
		if op == "+" {
			return int64(1), nil
		}
		return nil, nil
	case bool:
		return x, nil
	case *phpArray:
		return nil, fmt.Errorf("cannot increment or decrement an array")
	case *phpEnumCase:
		return nil, fmt.Errorf("cannot increment or decrement an enum case")
	case string:
		if x == "" {
			if op == "+" {
				return "1", nil
			}
			return int64(-1), nil
		}
		if n := parseNumeric(x); n.numeric() {
			return phpBinary(op, n.value(), int64(1))
		}
		if op == "-" {
			return x, nil
		}
		return stringIncrement(x), nil
	}
	return phpBinary(op, v, int64(1))
}

// stringIncrement is PHP's ++ of a string that is not a number: the last
// letter or digit steps, carrying into the one before (z → a, Z → A,
// 9 → 0), and a carry out of the first adds a character in front.
func stringIncrement(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		c := b[i]
		switch {
		case c >= 'a' && c < 'z', c >= 'A' && c < 'Z', c >= '0' && c < '9':
			b[i]++
			return string(b)
		case c == 'z':
			b[i] = 'a'
		case c == 'Z':
			b[i] = 'A'
		case c == '9':
			b[i] = '0'
		default:
			return string(b) // PHP stops at a character that is neither
		}
		if i == 0 {
			first := map[byte]byte{'a': 'a', 'A': 'A', '0': '1'}[b[0]]
			return string(first) + string(b)
		}
	}
	return string(b)
}
