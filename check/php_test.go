package check_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/internal/testutil"
)

func readPHP(t *testing.T, dir string) map[string]any {
	t.Helper()
	v, err := check.ParsePHPFile(os.DirFS(filepath.Join("testdata", "php", dir)), phpEntry(dir), dir+"/"+phpEntry(dir))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// phpEntry is the file of a PHP fixture that is read (and that the
// harness runs): material.inc.php, or the file of the game's class
// whose constructor includes the material.
func phpEntry(dir string) string {
	switch dir {
	case "tidepool":
		return "modules/php/Game.php"
	case "emberorchard":
		return "emberorchard.game.php"
	}
	return "material.inc.php"
}

func TestPHPMaterial(t *testing.T) {
	v := readPHP(t, "harbor")
	get := func(path string) any {
		var cur any = v
		for _, k := range strings.Split(path, ".") {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[k]
			case []any:
				i, _ := strconv.Atoi(k)
				cur = c[i]
			default:
				t.Fatalf("%s: %v is not a container", path, cur)
			}
		}
		return cur
	}
	for path, want := range map[string]any{
		"goods.2.name":    "Silk",             // a define()d key, clienttranslate
		"docks.3.name":    `Old "salt" wharf`, // totranslate, escapes
		"docks.2.bonus.3": int64(2),           // element assignment
		"docks.4.name":    "Smugglers' cove",  // a new element
		"market_start":    int64(6),           // $this->goods[…]['value'] + 1
		"tea_label":       "Tea (3)",          // concatenation
		"fleet_size":      int64(3),           // const
		"storm_penalty":   -0.5e-3,
		"lantern":         "\u263a lantern",
		"flags":           int64(5),  // FLAG_NIGHT | FLAG_FOG, from 1 << 0 and 1 << 2
		"ship_list.2":     "galleon", // class constants of a required file
		"round_scores.2":  int64(9),  // $a[] = …
		"GOOD_TEA":        int64(1),  // the guard keeps the first definition
		"MIN_CRATES":      int64(2),
		"docks.1.bonus.1": int64(1),
		"goods.3.value":   int64(4),
		"docks.2.slots":   int64(2),
		"ship_list.0":     "sloop",
		"docks.4.slots":   int64(1),
		"goods.1.color":   "#7a4",
		"round_scores.0":  int64(2),
		"docks.3.bonus.2": int64(1),
		"docks.3.slots":   int64(4),
		"docks.1.name":    "North quay",
		"goods.2.value":   int64(5),
		"docks.2.name":    "Lantern pier",
		"docks.1.slots":   int64(3),
		"goods.1.name":    "Tea",
		"goods.3.name":    "Spice",
		"FLAG_FOG":        int64(4),
		"MAX_CRATES":      int64(12),
		"round_scores.1":  int64(5),
		"ship_list.1":     "brig",
		"GOOD_SPICE":      int64(3),
		"goods.2.color":   "#c3a",
		"goods.3.color":   "#d72",
		"count_ships":     int64(3),
		"FLAG_NIGHT":      int64(1),
		"GOOD_SILK":       int64(2),
		"docks.3.bonus.3": int64(1),
		"goods.1.value":   int64(3),
	} {
		if got := get(path); !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", path, got, want)
		}
	}
	if b := get("docks.4.bonus"); !reflect.DeepEqual(b, []any{}) {
		t.Errorf("an empty array: %#v", b)
	}
	blocks := readPHP(t, "blocks")
	if !reflect.DeepEqual(blocks["third"], []any{int64(1), int64(2), int64(31), int64(5), int64(1000), int64(493), 0.5}) {
		t.Errorf("several <?php ?> blocks: %#v", blocks)
	}
}

// TestPHPAgainstPHP compares wikirules' reading of the fixtures with what
// PHP itself defines running them (testdata/php/harness.php runs a file as
// the framework does): php.json beside each fixture is PHP's output, so a
// clone without PHP checks every value too. Where php is installed it runs
// the fixtures again, and what it defines must still be php.json (-update
// rewrites php.json from PHP's output).
func TestPHPAgainstPHP(t *testing.T) {
	php, err := exec.LookPath("php")
	if err != nil && os.Getenv("WIKIRULES_REQUIRE_PHP") != "" {
		t.Fatal("php is not installed and WIKIRULES_REQUIRE_PHP is set")
	}
	harness, _ := filepath.Abs(filepath.Join("testdata", "php", "harness.php"))
	for _, dir := range []string{"harbor", "blocks", "functions", "edges", "syntax", "control", "bga", "tidepool", "emberorchard"} {
		t.Run(dir, func(t *testing.T) {
			golden := filepath.Join("testdata", "php", dir, "php.json")
			if php != "" {
				cmd := exec.Command(php, harness, phpEntry(dir))
				cmd.Dir = filepath.Join("testdata", "php", dir)
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("php: %v", err)
				}
				if i := strings.IndexByte(string(out), '{'); i > 0 {
					out = out[i:] // text outside <?php ?> that PHP printed
				}
				if testutil.Update() {
					if err := os.WriteFile(golden, out, 0o644); err != nil {
						t.Fatal(err)
					}
				} else if g, w := normalize(decodeJSON(t, out)), normalize(decodeJSON(t, readFile(t, golden))); !reflect.DeepEqual(g, w) {
					t.Errorf("PHP %s no longer defines what %s says (check the change, then -update):\n%s", phpVersion(php), golden, jsonDiff(g, w, "PHP now", "php.json"))
				}
			}
			got := readPHP(t, dir)
			g, w := normalize(got), normalize(lastParts(decodeJSON(t, readFile(t, golden))))
			// The names unreadable.txt lists are those PHP computes and
			// the reader does not (code it does not run): each must be
			// unreadable, and is left out of the comparison.
			if data, err := os.ReadFile(filepath.Join("testdata", "php", dir, "unreadable.txt")); err == nil {
				for _, line := range strings.Split(string(data), "\n") {
					if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
						continue
					}
					gm, wm, key := g.(map[string]any), w.(map[string]any), line
					if class, name, ok := strings.Cut(line, "."); ok {
						gm, _ = gm[class].(map[string]any)
						wm, _ = wm[class].(map[string]any)
						key = name
					}
					if gm == nil || gm[key] != unreadableMark {
						t.Errorf("%s: read as %#v, want it unreadable (unreadable.txt)", line, gm[key])
					}
					if wm == nil || wm[key] == nil || wm[key] == unreadableMark {
						t.Errorf("%s: PHP does not define it (unreadable.txt)", line)
					}
					delete(gm, key)
					delete(wm, key)
				}
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("wikirules' reading differs from PHP's (%s):\n%s", golden, jsonDiff(g, w, "wikirules", "PHP"))
			}
		})
	}
}

// lastParts names PHP's constants of a namespace (Game\Syntax\LIMIT) by
// their last part, as the reader does.
func lastParts(v map[string]any) map[string]any {
	out := make(map[string]any, len(v))
	for k, x := range v {
		if i := strings.LastIndexByte(k, '\\'); i >= 0 {
			k = k[i+1:]
		}
		out[k] = x
	}
	return out
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// decodeJSON reads PHP's JSON with its numbers as written.
func decodeJSON(t *testing.T, data []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("PHP's output: %v\n%.300s", err, data)
	}
	return v
}

// jsonDiff shows the top-level names whose values differ, each side by
// its name.
func jsonDiff(got, want any, gotName, wantName string) string {
	g, _ := got.(map[string]any)
	w, _ := want.(map[string]any)
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(w)) {
		if !reflect.DeepEqual(g[k], w[k]) {
			gj, _ := json.Marshal(g[k])
			wj, _ := json.Marshal(w[k])
			fmt.Fprintf(&b, "%s:\n  %-9s %s\n  %-9s %s\n", k, gotName, gj, wantName, wj)
		}
	}
	for k := range g {
		if _, ok := w[k]; !ok {
			fmt.Fprintf(&b, "%s: in %s, not in %s\n", k, gotName, wantName)
		}
	}
	return b.String()
}

func phpVersion(php string) string {
	out, _ := exec.Command(php, "-r", "echo PHP_VERSION;").Output()
	return string(out)
}

// unreadableMark stands for a value that cannot be read: one the reader
// cannot read, one whose evaluation PHP refuses.
const unreadableMark = "<unreadable>"

// normalize makes PHP's JSON and wikirules' values comparable: numbers as
// int64 or float64, arrays keyed 0…n-1 as lists.
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil && !strings.ContainsAny(string(x), ".eE") {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case *check.Unreadable:
		return unreadableMark
	case map[string]any:
		if _, ok := x["unreadable"]; ok && len(x) == 1 {
			return unreadableMark // what PHP could not compute (harness.php)
		}
		if len(x) == 0 {
			return []any{} // PHP's JSON has one empty array
		}
		list := make([]any, len(x))
		for k, e := range x {
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) || strconv.Itoa(i) != k {
				list = nil
				break
			}
			list[i] = normalize(e)
		}
		if list != nil && len(x) > 0 {
			return list
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalize(e)
		}
		return out
	}
	return v
}

func TestPHPUnsupported(t *testing.T) {
	for src, want := range map[string]string{
		"<?php\n$this->x = new Deck(52);": "x.php:2:12: error: object construction (new Deck) is not read",
		// The column counts characters: a tab is one, so is é; CRLF ends a line.
		"<?php\r\n$this->names = ['Café' => 1,\r\n\t'Thé' => nope()];": "x.php:3:11: error: function call nope(…) cannot be read",
		"<?php\ngoto end;":               `x.php:2:1: error: unsupported construct "goto"`,
		"<?php\nwhile (true) {}":         "x.php:2:1: error: the loops run more than 100000 times in all",
		"<?php\nforeach ([1] as &$b) {}": "x.php:2:17: error: unsupported construct: foreach by reference",
		"<?php\nfor ($i = 0; ; $i++) {}": "x.php:2:1: error: the loops run more than 100000 times in all",
		// A loop that builds a large string again and again stops at the
		// budget, as every value built counts against it.
		"<?php\n$s = str_repeat('a', 10000000);\nfor ($i = 0; $i < 100000; $i++) { $s .= 'x'; }": "x.php:3:35: error: the values built exceed 256 MB in all",
		"<?php\n$s = str_repeat('z', 10000000);\nwhile (true) { $s++; }":                         "x.php:3:16: error: the values built exceed 256 MB in all",
		"<?php\nbreak;": "x.php:2:1: error: break 1 leaves 1 loops, and 0 enclose it",
		"<?php\n$a = [1];\nforeach ($a as $v) { break 2; }":  "x.php:3:22: error: break 2 leaves 2 loops, and 1 enclose it",
		"<?php\n$a = [];\n$a++;":                             "x.php:3:1: error: cannot increment or decrement an array",
		"<?php\nfunction f() { return 1; }\n$this->x = f();": "x.php:3:12: error: f(…) is a function of the file (x.php:2): user functions are not run",
		"<?php\nif ($x) { define('A', 1); }":                 "x.php:2:5: error: $x has no value yet",
		"<?php\n$this->x = \"cost: $cost\";":                 "x.php:2:19: error: $cost has no value yet",
		"<?php\n$a = [1];\n$this->x = \"first: $a[0]\";":     "x.php:3:20: error: unsupported construct: a variable with an index or a call inside a double-quoted string",
		"<?php\n$a = [1];\n$this->x = \"all: $a\";":          "x.php:3:18: error: an array cannot be joined to a string",
		"<?php\n$this->x = Card::NOPE;":                      "x.php:2:12: error: unknown class constant Card::NOPE",
		// Class constants are evaluated when used: a cycle, a chain too
		// deep, and an error in a constant's value is reported at it.
		"<?php\nclass A { const X = B::Y; }\nclass B { const Y = A::X; }\n$this->x = A::X;": "x.php:2:21: error: class constant A::X refers to itself",
		"<?php\n" + deepClassConsts(600) + "$this->x = C0::V;":                              "x.php:502:24: error: class constant C500::V: the constants' values name each other more than 500 deep",
		"<?php\nclass A {\n  const X = 1;\n  const Y = NOPE;\n}\n$this->x = A::Y;":          "x.php:4:13: error: unknown constant NOPE",
		// PHP declares these classes when the code reaches them, not
		// before: one that implements an interface or extends a class
		// declared later, an interface that extends one, an enum, one
		// declared in a block.
		"<?php\n$this->x = C::Z;\nclass C implements I { const Z = 1; }\ninterface I {}":  "x.php:2:12: error: unknown class constant C::Z",
		"<?php\n$this->x = C::Z;\nclass C extends D { const Z = 1; }\nclass D {}":         "x.php:2:12: error: unknown class constant C::Z",
		"<?php\n$this->x = J::Z;\ninterface I {}\ninterface J extends I { const Z = 1; }": "x.php:2:12: error: unknown class constant J::Z",
		"<?php\n$this->x = E::A->value;\nenum E: int { case A = 1; }":                     "x.php:2:12: error: unknown class constant E::A",
		"<?php\n$this->x = C::Z;\nif (true) { class C { const Z = 1; } }":                 "x.php:2:12: error: unknown class constant C::Z",
		"<?php\n$this->x = $this->y;":                                                     "x.php:2:12: error: $y has no value yet",
		"<?php\n$a = [PHP_INT_MAX => 1];\n$a[] = 2;":                                      "x.php:3:1: error: cannot add an element to the array: the next element (after the key PHP_INT_MAX) is already occupied",
		"<?php\n$a = [PHP_INT_MAX => 1,\n  2];":                                           "x.php:3:3: error: cannot add an element to the array",
		"<?php\n$a = [PHP_INT_MAX => 1, ...[2]];":                                         "x.php:2:31: error: cannot add an element to the array",
		"<?php\n$this->a = 1;\n$this->a[1] = 2;":                                          "x.php:3:1: error: $a is an integer, not an array",
		"<?php\n$this->x = [1, 2][5];":                                                    "x.php:2:18: error: the array has no element 5",
		"<?php\n$this->x = $this->load();":                                                "x.php:2:12: error: unsupported construct: a method call $this->load(…)",
		"<?php\n$this->x = (object) ['a' => 1];":                                          "x.php:2:12: error: unsupported construct: a (object) cast",
		"<?php\n$this->x = 1 / 0;":                                                        "x.php:2:14: error: division by zero",
		"<?php\n$this->x = array(1,\n  foo());":                                           "x.php:3:3: error: function call foo(…) cannot be read",
		"<?php\nrequire_once('gone.inc.php');\n$this->x = GONE;":                          "x.php:3:12: error: unknown constant GONE (define it before it is used); gone.inc.php is required but not beside the file",
		// Builtins: the function, the file and the line in every error.
		"<?php\n$this->x = count();":                      "x.php:2:12: error: count() expects at least 1 argument, 0 given",
		"<?php\n$this->x = str_repeat('-');":              "x.php:2:12: error: str_repeat() expects exactly 2 arguments, 1 given",
		"<?php\n$this->x = ROUND(1.5, 0, 1, 2);":          "x.php:2:12: error: round() expects at most 3 arguments, 4 given",
		"<?php\n$this->x = str_repeat('-', 'many');":      "x.php:2:12: error: str_repeat(): argument #2 must be of type int, string given",
		"<?php\n$this->x = count(5);":                     "x.php:2:12: error: count(): argument #1 must be of type Countable|array, int given",
		"<?php\n$this->x = array_map('f', [1]);":          "x.php:2:12: error: function call array_map(…) cannot be read",
		"<?php\n$this->x = \\Foo\\bar(1);":                "x.php:2:12: error: function call bar(…) cannot be read",
		"<?php\n$this->x = intdiv(1, 0);":                 "x.php:2:12: error: intdiv(): division by zero",
		"<?php\n$this->x = [1,\n  10 % (2 - 2)];":         "x.php:3:6: error: modulo by zero",
		"<?php\n$this->x = max([]);":                      "x.php:2:12: error: max(): argument #1 must contain at least one element",
		"<?php\n$this->x = range(1, 10, 20);":             "x.php:2:12: error: range(): argument #3 (the step) must not exceed the specified range",
		"<?php\n$this->x = explode('', 'abc');":           "x.php:2:12: error: explode(): argument #1 (the separator) cannot be empty",
		"<?php\n$this->x = array_combine([1], [1, 2]);":   "x.php:2:12: error: array_combine(): argument #1 (the keys) and argument #2 (the values) must have the same number of elements",
		"<?php\n$this->x = implode(',', [[1]]);":          "x.php:2:12: error: implode(): an array cannot be joined to a string",
		"<?php\n$this->x = trim('abc', 'c..a');":          "x.php:2:12: error: trim(): invalid '..'-range",
		"<?php\n$this->x = sprintf('%d and %d', 1);":      "x.php:2:12: error: sprintf(): 3 arguments are required, 2 given",
		"<?php\n$this->x = sprintf('%g', 1.5);":           "x.php:2:12: error: sprintf(): %g is not read",
		"<?php\n$this->x = str_pad('7', 3, pad_type: 0);": "x.php:2:28: error: unsupported construct: the named argument pad_type:",
		// Limits: huge results are refused before they are built.
		"<?php\n$this->x = range(1, PHP_INT_MAX);":                                           "x.php:2:12: error: range(): the result would have 9223372036854775807 elements: the reader builds arrays of at most 1000000",
		"<?php\n$this->x = array_fill(0, 2000000, 0);":                                       "x.php:2:12: error: array_fill(): the result would have 2000000 elements",
		"<?php\n$this->x = str_repeat('ab', 1e12);":                                          "x.php:2:12: error: str_repeat(): the result would be 16777217 bytes: the reader builds strings of at most 16777216 (16 MB)",
		"<?php\n$this->x = sprintf('%999999999d', 1);":                                       "x.php:2:12: error: sprintf(): the result would be 999999999 bytes",
		"<?php\n$s = str_repeat('ab', 8000000);\n$a = [$s, $s, $s, $s];\n$b = [$a, $a, $a];": "x.php:4:15: error: the values built exceed 256 MB in all",
		// Operators.
		"<?php\n$this->x = 1 ? 2 : 3 ? 4 : 5;": "x.php:2:22: error: unparenthesized `a ? b : c ? d : e` is not supported (PHP 8): use either `(a ? b : c) ? d : e` or `a ? b : (c ? d : e)`",
		"<?php\n$this->x = 1 ?: 2 ? 3 : 4;":    "x.php:2:19: error: unparenthesized `a ?: b ? c : d` is not supported",
		"<?php\n$this->x = 1 < 2 < 3;":         "x.php:2:18: error: unsupported construct: < after < (PHP does not chain comparisons",
		"<?php\n$this->x = 'abc' + 1;":         `x.php:2:18: error: the string "abc" is not a number`,
		"<?php\n$this->x = 1 << -1;":           "x.php:2:14: error: shift by -1",
		"<?php\n$this->x = $this->u + 1 ?? 2;": "x.php:2:12: error: $u has no value yet",
		// Enums.
		"<?php\nenum Suit: string { case Hearts = 'H'; }\n$this->x = Suit::Hearts;":             "x.php:3:12: error: Suit::Hearts is an enum case, an object: read its value with Suit::Hearts->value (or its name with ->name)",
		"<?php\nenum Suit: string { case Hearts = 'H'; }\n$this->x = [Suit::Hearts];":           "x.php:3:13: error: Suit::Hearts is an enum case, an object",
		"<?php\nenum Suit: string { case Hearts = 'H'; }\nconst X = Suit::Hearts;":              "x.php:3:11: error: Suit::Hearts is an enum case, an object",
		"<?php\nenum Suit: string { case Hearts = 'H'; }\n$this->x = Suit::from('Z')->name;":    `x.php:3:12: error: Suit::from(…): "Z" is not a valid backing value for enum Suit`,
		"<?php\nenum Suit: string { case Hearts = 'H'; }\n$this->x = Suit::tryFrom('Z')->name;": "x.php:3:32: error: Suit::tryFrom(…) is null (no case has that value): read ->name with ?->",
		"<?php\nenum Suit: string { case Hearts = 'H'; }\n$this->x = Suit::Hearts->color;":      "x.php:3:26: error: Suit::Hearts has no property color",
		"<?php\nenum Season { case Dry; }\n$this->x = Season::Dry->value;":                      "x.php:3:25: error: Season::Dry is a case of the pure enum Season: it has no ->value",
		"<?php\nenum Suit: int {\n  case Hearts = 'H';\n}":                                      "x.php:3:17: error: case Hearts of enum Suit: its value is a string, not an integer",
		"<?php\nenum Suit: int { case A = 1; case B = 1; }":                                     "x.php:2:39: error: enum Suit: cases A and B have the same value",
		"<?php\nenum Suit: string { case A; }":                                                  "x.php:2:26: error: case A of enum Suit needs a value",
		"<?php\nenum Season { case Dry = 1; }":                                                  "x.php:2:26: error: case Dry of the pure enum Season has a value",
		"<?php\nenum Suit: float { case A = 1.5; }":                                             "x.php:2:11: error: enum Suit: the backing type must be int or string",
		"<?php\n$x = <<<\"A":                     "x.php:2:6: error: expected a heredoc",
		"<?php\n$f = function () { return 1; };": "x.php:2:6: error: unsupported construct: an anonymous function",
		"<?php\n[$a, 'k' => $b] = [1, 2];":       "x.php:2:15: error: cannot mix keyed and unkeyed array entries in assignments",
		"<?php\n[$a, $b] == [1, 2];":             `x.php:2:11: error: expected "=" after a list of variables`,
	} {
		fsys := fstest.MapFS{"x.php": {Data: []byte(src)}}
		err := readError(check.ParsePHPFile(fsys, "x.php", "x.php"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q:\n error %v\n want %q", src, err, want)
		}
	}
}

// readError is the error of reading a file: the file's, or else the
// cause of the first value (by name) the reader could not read.
func readError(v map[string]any, err error) error {
	if err != nil {
		return err
	}
	if u := firstUnreadable(v); u != nil {
		return u.Cause
	}
	return nil
}

// firstUnreadable finds an unreadable value in v, names in order.
func firstUnreadable(v any) *check.Unreadable {
	switch x := v.(type) {
	case *check.Unreadable:
		return x
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if u := firstUnreadable(x[k]); u != nil {
				return u
			}
		}
	case []any:
		for _, e := range x {
			if u := firstUnreadable(e); u != nil {
				return u
			}
		}
	}
	return nil
}

func TestPHPValues(t *testing.T) {
	src := `<?php
$this->a = [1, 2, 3];
$this->b = $this->a;          // arrays are values: b is a copy
$this->b[] = 4;
$this->n = -2 ** 0 + 0;
$this->s = 'it\'s' . " \x41\101\t" . <<<EOT
  Heredoc
    text
  EOT;
$this->keys = [true => 'a', '8' => 'b', '08' => 'c', 1.9 => 'd', null => 'e'];
$this->big = 9223372036854775807 + 1;
$this->mix = ['x', 5 => 'y', 'z'];
$this->nested = ['k' => ['deep' => [1, [2, 3]]]];
$this->pick = $this->nested['k']['deep'][1][0];
`
	v, err := check.ParsePHP("v.php", src)
	if err != nil {
		t.Fatal(err)
	}
	for expr, want := range map[string]any{
		"-2 ** 2":                           int64(-4),
		"2 ** 3 ** 2":                       int64(512),
		"2 ** -1":                           0.5,
		"9 ** 1.5":                          27.0, // a float power rounded once, as C's pow: not 27.000000000000004
		"pow(1.1, 12)":                      3.138428376721003,
		"0.5 ** 0.25":                       0.8408964152537145,
		"2 ** 63":                           9.223372036854775808e18,
		"(-2) ** 63":                        int64(math.MinInt64),
		"!2 ** 2":                           false,
		"1 + 2 . '3'":                       "33", // . binds looser than +
		"'abc' == 0":                        false,
		"null == false":                     true,
		"'1e1' == '10'":                     true,
		"null == '0'":                       false,
		"[1, 2] <=> [1, 3]":                 int64(-1),
		"[] > 0":                            true,
		"'10' < '9a'":                       true,
		"0.1 + 0.2 == 0.3":                  false,
		"1 && 0 || 'x'":                     true,
		"(true xor true)":                   false,
		"true xor true":                     true,     // $v = true, then xor: = binds tighter
		"true ? 1 : UNKNOWN_CONSTANT":       int64(1), // not evaluated, as in PHP
		"0 ?: null ?: 'third'":              "third",
		"$this->undefined ?? 'd'":           "d",
		"[1, 2][5] ?? 0":                    int64(0),
		"[1, null][1] ?? 7":                 int64(7),
		"'abc'[-1] . 'abc'['1']":            "cb",
		"(int) '12abc'":                     int64(12),
		"(int) 3.9":                         int64(3),
		"(int) '1e30'":                      int64(math.MaxInt64),
		"( float ) '1.5e3 apples'":          1500.0,
		"(bool) '0'":                        false,
		"(bool) '0.0'":                      true,
		"(string) true . (string) 1.0":      "11",
		"(string) 1e15":                     "1.0E+15",
		"(string) -0.0":                     "-0",
		"'' . 0.1 + 0.2":                    "0.3", // PHP 8: . binds looser than +
		"(string) (0.1 + 0.2)":              "0.3",
		"(array) 'x'":                       []any{"x"},
		"'4' | '2.5'":                       "6.5",
		"['a' => 1] + ['a' => 2, 'b' => 3]": map[string]any{"a": int64(1), "b": int64(3)},
		"round(1.005, 2)":                   1.01,
		"round(-2.5)":                       -3.0,
		"round(1234.5678, -2)":              1200.0,
		"number_format(-1234.567, 2)":       "-1,234.57",
		"number_format(0.129, 2, ',', '.')": "0,13",
		"sprintf('%05.1f|%-4d|%x|%+d', 3.14159, 7, 255, 3)":  "003.1|7   |ff|+3",
		`sprintf("%'*8s|%e", 'ab', 1234.5)`:                  "******ab|1.234500e+3",
		"COUNT([1, 2]) + \\count([3])":                       int64(3),
		"range('a', 'e', 2)":                                 []any{"a", "c", "e"},
		"range(5, 1, 2)":                                     []any{int64(5), int64(3), int64(1)},
		"range(0, 1, 0.5)":                                   []any{0.0, 0.5, 1.0},
		"array_fill(5, 2, 'x')":                              map[string]any{"5": "x", "6": "x"},
		"array_merge(['k' => 1, 5 => 'a'], ['k' => 2, 'b'])": map[string]any{"k": int64(2), "0": "a", "1": "b"},
		"array_slice([1, 2, 3, 4], 1, -1)":                   []any{int64(2), int64(3)},
		"str_replace(['a', 'b'], ['b', 'c'], 'ab')":          "cc",
		"explode(',', 'a,b,c', -1)":                          []any{"a", "b"},
		"ucwords('hello world-foo', ' -')":                   "Hello World-Foo",
		"intval('0x1A', 16) + intval('012', 0)":              int64(36),
		"max('apple', 'banana', 5)":                          "banana",
		"min([3, '2', 5])":                                   "2",
		"in_array('1e1', ['10'])":                            true,
		"array_search('x', [0, 1])":                          false,
		"array_unique([1, '1', 2])":                          map[string]any{"0": int64(1), "2": int64(2)},
		"defined('PHP_INT_MAX')":                             false, // a builtin constant, not one the file defines
	} {
		got, err := check.ParsePHP("e.php", "<?php\n$v = "+expr+";")
		if err != nil {
			t.Errorf("%s: %v", expr, err)
		} else if !reflect.DeepEqual(got["v"], want) {
			t.Errorf("%s = %#v, want %#v", expr, got["v"], want)
		}
	}
	for k, want := range map[string]any{
		"a":    []any{int64(1), int64(2), int64(3)},
		"b":    []any{int64(1), int64(2), int64(3), int64(4)},
		"n":    int64(-1), // -(2 ** 0): ** binds tighter than the minus
		"s":    "it's AA\tHeredoc\n  text",
		"keys": map[string]any{"1": "d", "8": "b", "08": "c", "": "e"},
		"big":  9.223372036854776e18,
		"mix":  map[string]any{"0": "x", "5": "y", "6": "z"},
		"pick": int64(2),
	} {
		if !reflect.DeepEqual(v[k], want) {
			t.Errorf("%s = %#v, want %#v", k, v[k], want)
		}
	}
}

// FuzzParsePHP: the reader never both returns values and an error, nor
// panics. Run it with -fuzzminimizetime 5s (go test ./check -run XXX
// -fuzz FuzzParsePHP -fuzzminimizetime 5s): Go minimizes each new input
// it keeps for up to 60 s, and reports no executions meanwhile (its
// workers show 0 execs/s); an input of a few KB, as a mutation of the
// seed files is, has millions of candidates (every range of bytes
// removed), each read in 0.1 to 1.5 ms under the fuzzer's coverage
// instrumentation, so the fuzzer stalled for a minute at each new input:
// 4 new inputs in 60 s, 57 with 5 s. No input takes long itself (none
// over 0.5 s in such runs, tried).
func FuzzParsePHP(f *testing.F) {
	for _, p := range []string{"testdata/php/harbor/material.inc.php", "testdata/php/harbor/harbor.constants.inc.php", "testdata/php/harbor/harbor.ships.inc.php", "testdata/php/blocks/material.inc.php"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("<?php $this->a = [[[[1]]]]; $this->a[0][0][] = 'x' . 1 . 2.5;")
	for _, p := range []string{"testdata/php/functions/material.inc.php", "testdata/php/edges/material.inc.php", "testdata/php/syntax/material.inc.php", "testdata/php/control/material.inc.php",
		"testdata/php/tidepool/modules/php/Game.php", "testdata/php/emberorchard/emberorchard.game.php"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	for _, s := range []string{
		"<?php foreach ([1, 'a', 2] as $v) { switch ($v) { case 1: $a[] = 1; case 'a': $a[] = 2; break; default: continue 2; } }",
		"<?php $n = 3; while ($n-- > 0) { $a[] = $n; } do { $b[] = $n++; } while ($n < 2);",
		"<?php for ($i = 0, $s = ''; $i < 3; $i++) { foreach ([1, 2] as $k => $v) { if ($v > 1) continue 2; $s .= \"$k{$v}\"; } } $x = $i++ + ++$i;",
		"<?php [$a, [, $b]] = [1, [2, 3]]; list('k' => $c) = ['k' => [$a]]; [$this->d] = 'x';",
		"<?php $a = match (2) { 1, 2 => match (true) { default => 'd', 1 > 2 => 'x' }, default => UNKNOWN }; class C extends B implements I { #[A] public ?int $x = null; const K = parent::K; }",
		"<?php $a = -2 ** 2 <=> (int) '3x' ?: null ?? [1][2] ?? 'x'; $b = 1 ? 2 : (3 ? 4 : 5);",
		"<?php $a = sprintf('%05.1f|%-4d|%x|%2$s', 3.14, 7); $b = number_format(round(1.005, 2), 2, ',', '.');",
		"<?php $a = array_merge(range('a', 'e', 2), array_fill(3, 2, [1]), str_repeat('ab', 3) . implode(',', [1, 2.5]));",
		"<?php enum E: string { case A = 'a'; const B = self::A; } $a = E::B->value . E::from('a')->name . E::tryFrom('z')?->value;",
		"<?php function f($x) { return \"{$x}\"; } $a = $undefined['k'] ?? f ?? 1; $b = true or false;",
		"<?php $a = str_replace(['a', 'b'], ['b'], explode(',', trim(' a,b ', ' '), -1)); $b = max(...[1, 2]);",
		"<?php class G extends Table { static $S = [1]; function __construct() { parent::__construct(); self::$S[] = $this->m($x); if (g()) { static::$S = 2; } sort($this->s); echo 1; $this->t = 1; } function m(&$a) { $this->$k = 1; } }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		v, err := check.ParsePHP("f.php", src)
		if err != nil && v != nil {
			t.Fatal("values and an error")
		}
	})
}

// TestPHPErrorsAgainstPHP: what the reader refuses in builtins and
// operators, with the function and argument named, and, where php is
// installed, PHP refuses it too (a TypeError, ValueError,
// ArgumentCountError, DivisionByZeroError or ArithmeticError), except the
// few the reader leaves out on purpose (limit: PHP accepts them, with a
// warning or a mode the reader does not read).
func TestPHPErrorsAgainstPHP(t *testing.T) {
	cases := []struct {
		expr, err string
		limit     bool
	}{
		{"match (5) { 1 => 'a' }", "the match has no arm for 5 (PHP's UnhandledMatchError)", false},
		{"match ('x') { 'y' => 1, 2 => 3 }", `the match has no arm for "x"`, false},
		// A default before the arm that matches is evaluated all the same.
		{"match (1) { default => NO_SUCH_CONSTANT, 1 => 'a' }", "unknown constant NO_SUCH_CONSTANT", true},
		{"str_repeat([], 2)", "str_repeat(): argument #1 must be of type string, array given", false},
		{"str_repeat('x', -1)", "str_repeat(): argument #2 (the times) must be greater than or equal to 0", false},
		{"str_pad('x', 5, '')", "str_pad(): argument #3 (the pad string) must be a non-empty string", false},
		{"str_pad('x', 5, ' ', 7)", "str_pad(): argument #4 (the pad type) must be STR_PAD_LEFT, STR_PAD_RIGHT, or STR_PAD_BOTH", false},
		{"substr([], 1)", "substr(): argument #1 must be of type string, array given", false},
		{"implode(',', 'x')", "implode(): argument #2 must be of type ?array, string given", false},
		{"explode(',', [])", "explode(): argument #2 must be of type string, array given", false},
		{"array_fill(0, -1, 1)", "array_fill(): argument #2 (the count) must be greater than or equal to 0", false},
		{"array_combine('a', [1])", "array_combine(): argument #1 must be of type array, string given", false},
		{"array_fill_keys('a', 1)", "array_fill_keys(): argument #1 must be of type array, string given", false},
		{"array_slice('abc', 1)", "array_slice(): argument #1 must be of type array, string given", false},
		{"array_reverse('abc')", "array_reverse(): argument #1 must be of type array, string given", false},
		{"array_keys('x')", "array_keys(): argument #1 must be of type array, string given", false},
		{"array_values(1)", "array_values(): argument #1 must be of type array, int given", false},
		{"array_flip('x')", "array_flip(): argument #1 must be of type array, string given", false},
		{"array_unique(1)", "array_unique(): argument #1 must be of type array, int given", false},
		{"array_column(1, 'a')", "array_column(): argument #1 must be of type array, int given", false},
		{"array_sum('x')", "array_sum(): argument #1 must be of type array, string given", false},
		{"array_product(1)", "array_product(): argument #1 must be of type array, int given", false},
		{"array_search(1, 'x')", "array_search(): argument #2 must be of type array, string given", false},
		{"in_array(1, 'x')", "in_array(): argument #2 must be of type array, string given", false},
		{"array_key_exists([], [])", "array_key_exists(): argument #1: an array cannot be an array key", false},
		{"count('abc')", "count(): argument #1 must be of type Countable|array, string given", false},
		{"count([1], 5)", "count(): argument #2 must be either COUNT_NORMAL or COUNT_RECURSIVE", false},
		{"range(1, 2, 0)", "range(): argument #3 (the step) must not exceed the specified range", false},
		{"range('a', 'e', 0)", "range(): argument #3 (the step) must not exceed the specified range", false},
		{"round([], 1)", "round(): argument #1 must be of type int|float, array given", false},
		{"round(1.5, 0, 9)", "round(): only the default mode (PHP_ROUND_HALF_UP) is read", true},
		{"number_format([], 2)", "number_format(): argument #1 must be of type float, array given", false},
		{"intdiv(PHP_INT_MIN, -1)", "intdiv(): division of PHP_INT_MIN by -1 is not an integer", false},
		{"abs('abc')", "abs(): argument #1 must be of type int|float, string given", false},
		{"sqrt('x')", "sqrt(): argument #1 must be of type float, string given", false},
		{"floor([])", "floor(): argument #1 must be of type int|float, array given", false},
		{"max()", "max() expects at least 1 argument, 0 given", false},
		{"max(1)", "max(): argument #1 must be of type array, int given", false},
		{"min([])", "min(): argument #1 must contain at least one element", false},
		{"strlen([])", "strlen(): argument #1 must be of type string, array given", false},
		{"strtoupper([])", "strtoupper(): argument #1 must be of type string, array given", false},
		{"ucwords([])", "ucwords(): argument #1 must be of type string, array given", false},
		{"trim([])", "trim(): argument #1 must be of type string, array given", false},
		{"sprintf('%d')", "sprintf(): 2 arguments are required, 1 given", false},
		{"sprintf('%q', 1)", "sprintf(): %q is not read (only %d %u %s %f %F %e %E %x %X %o %b %c %% are)", false},
		{"vsprintf('%d', 'x')", "vsprintf(): argument #2 must be of type array, string given", false},
		{"array_merge(1)", "array_merge(): argument #1 must be of type array, int given", false},
		{"array_merge_recursive([1], 2)", "array_merge_recursive(): argument #2 must be of type array, int given", false},
		{"[1, 2] + 1", "an array is not a number", false},
		{"'a' * 2", "the string \"a\" is not a number", false},
		{"1 % 0", "modulo by zero", false},
		{"1 >> -1", "shift by -1 (PHP refuses a negative shift)", false},
		{"-'abc'", "the string \"abc\" is not a number", false},
		{"~[]", "~ of an array: PHP refuses it", false},
		{"array_key_first('x')", "array_key_first(): argument #1 must be of type array, string given", false},
		{"array_key_last(1)", "array_key_last(): argument #1 must be of type array, int given", false},
		{"ucfirst([])", "ucfirst(): argument #1 must be of type string, array given", false},
		{"lcfirst([])", "lcfirst(): argument #1 must be of type string, array given", false},
		{"strtolower([])", "strtolower(): argument #1 must be of type string, array given", false},
		{"ltrim([])", "ltrim(): argument #1 must be of type string, array given", false},
		{"rtrim('x', [])", "rtrim(): argument #2 must be of type string, array given", false},
		{"str_replace('a', 'b', 'c', 1)", "str_replace(): the count argument (by reference) is not read", false},
		{"boolval()", "boolval() expects exactly 1 argument, 0 given", false},
		{"strval([])", "strval(): argument #1 must be of type string, array given", true},
		{"intval()", "intval() expects at least 1 argument, 0 given", false},
		{"array_fill(0, 2)", "array_fill() expects exactly 3 arguments, 2 given", false},
		{"range()", "range() expects at least 2 arguments, 0 given", false},
		{"pow()", "pow() expects exactly 2 arguments, 0 given", false},
		{"pow([], 2)", "pow(): an array is not a number", false},
		{"[] ** 2", "an array is not a number", false},
		{"2 ** []", "an array is not a number", false},
		{"'abc' % 2", "the string \"abc\" is not a number", false},
		{"intdiv('x', 2)", "intdiv(): argument #1 must be of type int, string given", false},
		{"number_format(1.5, 2, [], '.')", "number_format(): argument #3 must be of type string, array given", false},
		{"substr('abc', 'x')", "substr(): argument #2 must be of type int, string given", false},
		{"explode('', 'abc')", "explode(): argument #1 (the separator) cannot be empty", false},
		{"str_pad('x', 'y')", "str_pad(): argument #2 must be of type int, string given", false},
		{"array_slice([1], 'x')", "array_slice(): argument #2 must be of type int, string given", false},
		{"array_column([[1]], [])", "array_column(): argument #2 must be of type string|int|null, array given", false},
	}
	for _, c := range cases {
		err := readError(check.ParsePHP("e.php", "<?php\n$v = "+c.expr+";"))
		// The column is where in the expression the error is, from 6.
		if err == nil || !regexp.MustCompile(`^e\.php:2:([6-9]|[1-9][0-9]): error: `).MatchString(err.Error()) || !strings.Contains(err.Error(), ": error: "+c.err) {
			t.Errorf("%s: error %v, want %q", c.expr, err, c.err)
		}
	}
	php, err := exec.LookPath("php")
	if err != nil {
		if os.Getenv("WIKIRULES_REQUIRE_PHP") != "" {
			t.Fatal("php is not installed and WIKIRULES_REQUIRE_PHP is set")
		}
		t.Skip("php is not installed: the errors are not compared with PHP's")
	}
	var exprs []string
	for _, c := range cases {
		exprs = append(exprs, c.expr)
	}
	in, _ := json.Marshal(exprs)
	// Each expression evaluated on its own; what it threw, or "".
	cmd := exec.Command(php, "-r", `$r = [];
foreach (json_decode(stream_get_contents(STDIN)) as $e) {
	try { eval('return ' . $e . ';'); $r[] = ''; } catch (\Throwable $t) { $r[] = get_class($t) . ': ' . $t->getMessage(); }
}
echo json_encode($r);`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("php: %v", err)
	}
	var thrown []string
	if err := json.Unmarshal(out[bytes.IndexByte(out, '['):], &thrown); err != nil || len(thrown) != len(cases) {
		t.Fatalf("php: %v\n%s", err, out)
	}
	for i, c := range cases {
		switch {
		case c.limit && thrown[i] != "":
			t.Errorf("%s: PHP refuses it (%s): not a limit of the reader's", c.expr, thrown[i])
		case !c.limit && thrown[i] == "":
			t.Errorf("%s: PHP accepts it, the reader does not", c.expr)
		}
	}
}

// TestPHPNestedMatchesLinear: matches nested in the default arms of
// matches, each level with a large arm before its default, read in time
// proportional to the file: twice the levels, at most 3 times the time
// (reading a default again once the arms after it are known took 4 times;
// the best of five readings of each, in turns, each after a collection,
// in CPU time).
func TestPHPNestedMatchesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	file := func(depth int) string {
		big := "[" + strings.Repeat("1, ", 500) + "1]"
		return "<?php\n$x = " + strings.Repeat("match (1) { 2 => "+big+", default => ", depth) + "'leaf'" +
			strings.Repeat(", 3 => 4 }", depth) + ";\n"
	}
	read := func(src string) time.Duration {
		runtime.GC()
		start := cpuTime()
		v, err := check.ParsePHP("m.php", src)
		d := cpuTime() - start
		if err != nil || v["x"] != "leaf" {
			t.Fatalf("%v %v", v["x"], err)
		}
		return d
	}
	small, large := file(100), file(200)
	// The two sizes in turns, the best of each: a burst of load elsewhere
	// slows both.
	ts, tl := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for range 5 {
		ts, tl = min(ts, read(small)), min(tl, read(large))
	}
	ratio := float64(tl) / float64(ts)
	t.Logf("%d bytes %v, %d bytes %v: ×%.2f", len(small), ts, len(large), tl, ratio)
	if ratio > 3 {
		t.Errorf("twice the nested matches took ×%.2f the time (at most ×3)", ratio)
	}
}

// TestPHPErrorPlacesLinear: statements whose value cannot be read, all on
// one line, read in time proportional to the file (testutil.CheckLinear:
// twice the statements, at most 2.5 times the time). Each recovered
// statement's cause is located at its line and column, which were counted
// from the file's start and the line's (20,000 statements on a line of
// 200 KB took 1.2 s, 40,000 4.6 s; a loop whose body fails, after a
// comment of 50 KB on its line, 3 s).
func TestPHPErrorPlacesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	file := func(n int) string { return "<?php " + strings.Repeat("$a = f(); ", n) + "$b = 1;" }
	testutil.CheckLinear(t, "unreadable statements", file(10000), file(20000), func(src string) {
		v, err := check.ParsePHP("s.php", src)
		if _, unreadable := v["a"].(*check.Unreadable); err != nil || !unreadable || v["b"] != int64(1) {
			t.Fatalf("%v %v %v", v["a"], v["b"], err)
		}
	}, 2.5)
}

// TestPHPLoopCodeBounded: a loop reads its code (condition, step and
// body) again on each run, and the loops read 4 MB of code at most, in
// all: a file of 1 KB that is a loop of 100,000 runs takes no longer (at
// most ×2) than a file of the same statements written out over 4 MB,
// without a loop. 100,000 runs of a body of 800 bytes took 6.2 s, 20
// times the 4 MB file's time: its 80 MB of code read counted only
// against the values' 256 MB (the best of three readings of each, in
// turns, each after a collection, in CPU time).
func TestPHPLoopCodeBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	body := strings.Repeat("$x = 1; ", 100)
	loop := "<?php\nfor ($i = 0; $i < 100000; $i++) { " + body + "}\n"
	plain := "<?php\n" + strings.Repeat(body, 4<<20/len(body))
	var loopErr error
	read := func(src string) time.Duration {
		runtime.GC()
		start := cpuTime()
		v, err := check.ParsePHP("l.php", src)
		d := cpuTime() - start
		if src == loop {
			loopErr = err
		} else if err != nil || v["x"] != int64(1) {
			t.Fatalf("the statements: %v %v", v["x"], err)
		}
		return d
	}
	tl, tp := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for range 3 {
		tl, tp = min(tl, read(loop)), min(tp, read(plain))
	}
	if loopErr == nil || !strings.Contains(loopErr.Error(), "l.php:2:1: error: the loops read more than 4 MB of code in all") {
		t.Errorf("the loop: %v", loopErr)
	}
	ratio := float64(tl) / float64(tp)
	t.Logf("the loop (%d bytes) %v, the statements (%d bytes) %v: ×%.2f", len(loop), tl, len(plain), tp, ratio)
	if ratio > 2 {
		t.Errorf("the loop of %d bytes took ×%.2f the time of %d bytes of its statements (at most ×2)", len(loop), ratio, len(plain))
	}
}

// TestPHPClassChainsLinear: classes that extend one another, many deep,
// read in time proportional to the file (testutil.CheckLinear: twice
// the classes, at most 2.5 times the time). Exporting each class's
// constants looked each up again from the class, through all its
// ancestors, 1,000 at most: a chain of 400 and 800 classes whose first
// has a constant took ×4 the time, 250 and 500 classes each with a
// constant naming the first's 0.6 and 4.4 s (×7.3); each game class
// (one that extends Table, here through all the classes before it)
// listed the classes it extends by prepending each one (500 and 1,000
// game classes, 0.17 and 0.89 s). Now a constant is looked up from the
// class that has it, through 100 ancestors at most, which also bounds
// what each class exports, and a constant that fails at the export
// fails once, not once for each class that inherits it.
func TestPHPClassChainsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	chain := func(n int, each string) string {
		var b strings.Builder
		b.WriteString("<?php\nclass K0 { const X = 1; }\n")
		for i := range n {
			fmt.Fprintf(&b, "class K%d extends K%d { %s }\n", i+1, i, strings.ReplaceAll(each, "%d", strconv.Itoa(i)))
		}
		return b.String()
	}
	testutil.CheckLinear(t, "a chain of classes", chain(400, ""), chain(800, ""), func(src string) {
		v, err := check.ParsePHP("c.php", src)
		k, _ := v["K90"].(map[string]any)
		if err != nil || k["X"] != int64(1) {
			t.Fatalf("%v %v", k, err)
		}
	}, 2.5)
	games := func(n int) string {
		var b strings.Builder
		b.WriteString("<?php\nclass G0 extends Table { public $p = 1; function __construct() { $this->x = $this->p; } }\n")
		for i := range n {
			fmt.Fprintf(&b, "class G%d extends G%d { public $q%d = %d; }\n", i+1, i, i, i)
		}
		return b.String()
	}
	testutil.CheckLinear(t, "game classes", games(500), games(1000), func(src string) {
		v, err := check.ParsePHP("g.php", src)
		if err != nil || v["x"] != int64(1) || v["q3"] != int64(3) {
			t.Fatalf("%v %v %v", v["x"], v["q3"], err)
		}
	}, 2.5)
	// Each class exports the constants of 100 ancestors at most, each
	// naming the first's, past which it fails: linear from there on.
	testutil.CheckLinear(t, "inherited constants", chain(2000, "const A%d = self::X;"), chain(4000, "const A%d = self::X;"), func(src string) {
		v, err := check.ParsePHP("c.php", src)
		k, _ := v["K9"].(map[string]any)
		_, unreadable := v["K200"].(map[string]any)["A198"].(*check.Unreadable)
		if err != nil || k["A3"] != int64(1) || k["X"] != int64(1) || !unreadable {
			t.Fatalf("%v %v %v", k, unreadable, err)
		}
	}, 2.5)
}

// TestPHPClassExportBudget: what a class exports (its own constants and
// those it inherits) counts against the reader's 256 MB: a class of a
// large array and many classes that extend it exported a copy of it
// each: 55 classes of a 300 KB file, 5.5 million elements. And the
// classes export 1,000,000 constants at most: a class of 2,000 and
// 2,000 classes that extend it exported 4,000,000 in a second.
func TestPHPClassExportBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("<?php\nclass A { const C = [" + strings.Repeat("0, ", 100000) + "]; }\n")
	for i := range 55 {
		fmt.Fprintf(&b, "class B%d extends A {}\n", i)
	}
	_, err := check.ParsePHP("w.php", b.String())
	if err == nil || !strings.Contains(err.Error(), "w.php: error: the classes' constants, each class's own and those it inherits, and the values built exceed 256 MB in all") {
		t.Errorf("%v", err)
	}
	// A class of 1,500 constants and 700 classes that extend it export
	// 1,051,500: past the bound.
	b.Reset()
	b.WriteString("<?php\nclass A {")
	for i := range 1500 {
		fmt.Fprintf(&b, " const C%d = %d;", i, i)
	}
	b.WriteString(" }\n")
	for i := range 700 {
		fmt.Fprintf(&b, "class B%d extends A {}\n", i)
	}
	_, err = check.ParsePHP("w.php", b.String())
	if err == nil || !strings.Contains(err.Error(), "w.php: error: the classes export more than 1000000 constants in all") {
		t.Errorf("%v", err)
	}
	// A few classes are exported.
	b.Reset()
	b.WriteString("<?php\nclass A { const C = [" + strings.Repeat("0, ", 100000) + "]; }\n")
	for i := range 5 {
		fmt.Fprintf(&b, "class B%d extends A {}\n", i)
	}
	v, err := check.ParsePHP("w.php", b.String())
	if c, _ := v["B4"].(map[string]any)["C"].([]any); err != nil || len(c) != 100000 {
		t.Errorf("%d %v", len(c), err)
	}
}

// TestPHPConstructorCallsLinear: a game's constructor that calls a
// method of the files many times reads in time proportional to the file
// (testutil.CheckLinear: twice the calls and the method's statements, at
// most 2.5 times the time). What a method may assign was found by
// scanning its code again at each call: 1,000 and 2,000 calls of a
// method of as many statements took 0.68 and 4.0 s, of a trait's method
// 0.75 and 3.0 s, a loop of 100,000 calls of a method of 500 statements
// 25 s (now 0.27 s). Each name a call makes unreadable counts against the
// budget, as a value built: a method that may assign 2,100 names called
// 2,100 times stops there.
func TestPHPConstructorCallsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	methods := func(n int) string {
		var b strings.Builder
		b.WriteString("<?php\nclass G extends Table { function __construct() { parent::__construct();\n")
		for i := range n {
			fmt.Fprintf(&b, "$this->v%d = %d; $this->m($x);\n", i, i)
		}
		b.WriteString("} function m(&$a) { " + strings.Repeat("$this->z = 1; ", n) + "} }\n")
		return b.String()
	}
	testutil.CheckLinear(t, "a method called", methods(500), methods(1000), func(src string) {
		v, err := check.ParsePHP("g.php", src)
		if _, unreadable := v["z"].(*check.Unreadable); err != nil || v["v7"] != int64(7) || !unreadable {
			t.Fatalf("%v %v %v", v["v7"], v["z"], err)
		}
	}, 2.5)
	traits := func(n int) string {
		return "<?php\ntrait T { function m() { " + strings.Repeat("$this->z = 1; ", n) + "} }\nclass G extends Table { use T; function __construct() { " +
			strings.Repeat("$this->m();\n", n) + "$this->y = 1; } }\n"
	}
	testutil.CheckLinear(t, "a trait's method called", traits(1000), traits(2000), func(src string) {
		v, err := check.ParsePHP("g.php", src)
		if _, unreadable := v["z"].(*check.Unreadable); err != nil || v["y"] != int64(1) || !unreadable {
			t.Fatalf("%v %v %v", v["y"], v["z"], err)
		}
	}, 2.5)
	var b strings.Builder
	b.WriteString("<?php\nclass G extends Table { function __construct() {\n")
	for range 2100 {
		b.WriteString("$this->m();\n")
	}
	b.WriteString("} function m() { ")
	for i := range 2100 {
		fmt.Fprintf(&b, "$this->z%d = 1; ", i)
	}
	b.WriteString("} }\n")
	if _, err := check.ParsePHP("g.php", b.String()); err == nil || !strings.Contains(err.Error(), "error: the values built exceed 256 MB in all") {
		t.Errorf("%v", err)
	}
}

// TestPHPEnumCasesLinear: a backed enum of many cases, and many lookups
// of a case by its value, read in time proportional to the file
// (testutil.CheckLinear: twice the cases and lookups, at most 2.5 times
// the time). Each case's value was compared with every case before it,
// and from() went through the cases (20,000 and 40,000 cases, 0.55 and
// 2.1 s).
func TestPHPEnumCasesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	file := func(n int) string {
		var b strings.Builder
		b.WriteString("<?php\nenum E: int {\n")
		for i := range n {
			fmt.Fprintf(&b, "case C%d = %d;\n", i, i)
		}
		b.WriteString("}\n")
		for i := range n {
			fmt.Fprintf(&b, "$a = E::from(%d)->name;\n", n-1-i/2)
		}
		return b.String()
	}
	testutil.CheckLinear(t, "enum cases", file(5000), file(10000), func(src string) {
		v, err := check.ParsePHP("e.php", src)
		if err != nil || !strings.HasPrefix(fmt.Sprint(v["a"]), "C") {
			t.Fatalf("%v %v", v["a"], err)
		}
	}, 2.5)
}

// TestPHPConstantCyclesLinear: class constants whose values name one
// another in a cycle, exported, are read in the time of a chain of as
// many constants that does not come back to its start (at most ×2, the
// best of five readings of each in turns, in CPU time): each constant of
// the cycle was evaluated again through the whole cycle, for the class
// and for each class that inherits it (a cycle of 400 constants took 40
// times a chain's time; inherited by 200 classes, 9 s). A constant of a
// cycle now fails once, at the export, where nothing changes any more.
// Elsewhere a constant that failed is read again each time it is named,
// 4 MB of code at most in all: 20,000 statements naming a cycle of 400
// stop there.
func TestPHPConstantCyclesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	const n = 400
	var b strings.Builder
	b.WriteString("<?php\nclass K0 {")
	for i := range n {
		fmt.Fprintf(&b, " const A%d = self::A%d;", i, (i+1)%n)
	}
	b.WriteString(" }\nclass K1 extends K0 {}\nclass K2 extends K1 {}\n")
	cycle := b.String()
	chain := strings.Replace(cycle, fmt.Sprintf("const A%d = self::A0;", n-1), fmt.Sprintf("const A%d = 1;", n-1), 1)
	read := func(src string) time.Duration {
		runtime.GC()
		start := cpuTime()
		v, err := check.ParsePHP("c.php", src)
		d := cpuTime() - start
		a7 := v["K2"].(map[string]any)["A7"]
		if u, _ := a7.(*check.Unreadable); err != nil || src == cycle && (u == nil || !strings.Contains(u.Cause.Error(), "class constant K0::A7 refers to itself")) || src == chain && a7 != int64(1) {
			t.Fatalf("%v %v", a7, err)
		}
		return d
	}
	tc, tn := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for range 5 {
		tc, tn = min(tc, read(cycle)), min(tn, read(chain))
	}
	ratio := float64(tc) / float64(tn)
	t.Logf("a cycle of %d constants %v, a chain %v: ×%.2f", n, tc, tn, ratio)
	if ratio > 2 {
		t.Errorf("a cycle of %d constants took ×%.2f a chain's time (at most ×2)", n, ratio)
	}
	_, err := check.ParsePHP("c.php", cycle+strings.Repeat("$x = K0::A0;\n", 20000))
	if err == nil || !strings.Contains(err.Error(), "error: the class constants that fail, read again each time they are named, read more than 4 MB of code in all") {
		t.Errorf("%v", err)
	}
}

// TestPHPKeyedArraysBudget: arrays whose keys are not 0, 1, 2… in order
// take more memory (their index) and much more time to build than
// lists: each of their elements counts as 128 bytes against the budget,
// not 64, so that a file that builds them until the budget stops within
// 6 times a file of lists' time (the best of two, in CPU time). Twenty
// array_fill(5, 1000000, 1) took 2.0 s to reach the budget, 9 times
// array_fill(0, 1000000, 1), and 20 array_flip(range(1, 1000000)) 1.6
// s. A list that an assignment gives such a key ($b[-1] = 1) counts its
// index too.
func TestPHPKeyedArraysBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	errs := map[string]error{}
	read := func(stmt string) time.Duration {
		best := time.Duration(math.MaxInt64)
		for range 2 {
			runtime.GC()
			start := cpuTime()
			_, err := check.ParsePHP("k.php", "<?php\n"+strings.Repeat(stmt+"\n", 10))
			best = min(best, cpuTime()-start)
			errs[stmt] = err
		}
		return best
	}
	list, keyed := read("$a = array_fill(0, 1000000, 1);"), read("$a = array_fill(5, 1000000, 1);")
	stmt := "$b = range(1, 1000000); $b[-1] = 1;"
	_, errs[stmt] = check.ParsePHP("k.php", "<?php\n"+strings.Repeat(stmt+"\n", 10))
	ratio := float64(keyed) / float64(list)
	t.Logf("lists %v, keyed arrays %v: ×%.2f", list, keyed, ratio)
	if ratio > 6 {
		t.Errorf("keyed arrays took ×%.2f the time of lists to reach the budget (at most ×6)", ratio)
	}
	for stmt, want := range map[string]string{
		// 64 MB each: the fifth passes 256 MB.
		"$a = array_fill(0, 1000000, 1);": "k.php:6:6: error: array_fill(): the values built exceed 256 MB in all",
		// 128 MB each (1,000,000 elements and their index): the
		// third passes 256 MB (the fifth did).
		"$a = array_fill(5, 1000000, 1);": "k.php:4:6: error: array_fill(): the values built exceed 256 MB in all",
		// A list of 1,000,000 (64 MB), then its index (64 MB): the
		// third list passes 256 MB (the fifth did).
		"$b = range(1, 1000000); $b[-1] = 1;": "k.php:4:6: error: range(): the values built exceed 256 MB in all",
	} {
		if err := errs[stmt]; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", stmt, err, want)
		}
	}
}

// deepClassConsts declares n classes each of whose constant V is the next
// one's plus one (the last is 0), each on its own line.
func deepClassConsts(n int) string {
	var b strings.Builder
	for i := range n - 1 {
		fmt.Fprintf(&b, "class C%d { const V = C%d::V + 1; }\n", i, i+1)
	}
	fmt.Fprintf(&b, "class C%d { const V = 0; }\n", n-1)
	return b.String()
}

// An error in a required file names that file by its path beside the file
// that requires it, in a subdirectory too (BGA games keep their constants
// in modules/).
func TestPHPRequiredFileErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"engine/material.inc.php":          {Data: []byte("<?php\nrequire_once('modules/constants.inc.php');\n$this->x = CARD_A;\n")},
		"engine/modules/constants.inc.php": {Data: []byte("<?php\nrequire_once __DIR__ . '/../more/cards.inc.php';\ndefine('CARD_A', 1);\n")},
		"engine/more/cards.inc.php":        {Data: []byte("<?php\ndefine('CARD_B',\n  nope());\n")},
	}
	err := readError(check.ParsePHPFile(fsys, "engine/material.inc.php", "content/engine/material.inc.php"))
	want := "content/engine/more/cards.inc.php:3:3: error: function call nope(…) cannot be read"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v\nwant %s…", err, want)
	}
	fsys["engine/modules/constants.inc.php"].Data = []byte("<?php\nrequire_once('gone.inc.php');\n")
	err = readError(check.ParsePHPFile(fsys, "engine/material.inc.php", "content/engine/material.inc.php"))
	want = "content/engine/material.inc.php:3:12: error: unknown constant CARD_A (define it before it is used); content/engine/modules/gone.inc.php is required but not beside the file"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v\nwant %s…", err, want)
	}
}

// TestPHPUnreadable: a value the reader cannot compute fails the names
// its statement may assign, and only them, with where and why; a value
// computed from one is unreadable too, never a wrong value. What PHP
// would refuse to compile, and the reader's limits, stay errors of the
// file.
func TestPHPUnreadable(t *testing.T) {
	src := `<?php
$a = f();
$b = $a + 1;
$keep = 1;
$d = [1, 2];
$d[] = $this->load(3);
$first = $d[0];
$n = count($d);
$i = 0;
$x = f() + $i++;
$t = 0;
foreach ([1, 2] as $v) {
    if (g($v)) {
        break;
    }
    $t += $v;
}
$u = 0;
foreach ([1, 2] as $w) {
    if (g($w)) {
        $u = 5;
    }
    $u2 = $w;
}
const C1 = h();
define('C2', C1 + 1);
define('C3', 3);
define('C4', 4);
if (g()) { define('C4', 40); define('C5', 5); }
$s = "name: {$o->name}";
$obj = new Deck(52);
$closure = static fn($x) => $x * 2;
$m = match (g()) { 1 => 'a', default => 'b' };
$cat = 'x';
$cat .= g();
$q = 1;
$q ??= g();
$r = null;
$r ??= g();
$named = str_pad('7', 3, pad_type: STR_PAD_LEFT);
$e = [1, ['k' => g(), 'j' => 2]];
$j = $e[1]['j'];
$ternary = true ? 1 : f();
$coalesce = 7 ?? $this->load();
$def = defined('C5') ? 1 : 2;
`
	v, err := check.ParsePHP("u.php", src)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]any{
		"keep": int64(1), "first": int64(1), "C3": int64(3), "C4": int64(4),
		"q": int64(1), "u2": int64(2), "ternary": int64(1), "coalesce": int64(7),
	} {
		if !reflect.DeepEqual(v[name], want) {
			t.Errorf("%s = %#v, want %#v", name, v[name], want)
		}
	}
	// Each unreadable name, and where its cause is.
	for name, want := range map[string]string{
		"a":       "u.php:2:6: error: function call f(…) cannot be read",
		"b":       "u.php:2:6: error: function call f(…)", // through $a
		"d.2":     "u.php:6:8: error: unsupported construct: a method call $this->load(…)",
		"n":       "u.php:6:8:", // count() of an array with an unreadable element
		"x":       "u.php:10:6: error: function call f(…)",
		"i":       "u.php:10:6:", // f() + $i++: PHP increments $i after f()
		"t":       "u.php:13:9: error: function call g(…)",
		"v":       "u.php:13:9:", // the loop's break depends on g()
		"u":       "u.php:20:9: error: function call g(…)",
		"C1":      "u.php:25:12: error: function call h(…)",
		"C2":      "u.php:25:12:",
		"C5":      "u.php:29:5: error: function call g(…)",
		"s":       "u.php:30:13: error: unsupported construct: a variable with an index or a call inside a double-quoted string",
		"obj":     "u.php:31:8: error: object construction (new Deck) is not read",
		"closure": "u.php:32:12: error: unsupported construct: an anonymous function",
		"m":       "u.php:33:13: error: function call g(…)",
		"cat":     "u.php:35:9: error: function call g(…)",
		"r":       "u.php:39:8: error: function call g(…)",
		"named":   "u.php:40:26: error: unsupported construct: the named argument pad_type:",
		"def":     "u.php:45:8: error: defined(): C5 cannot be read, nor whether it is defined", // C5 may be undefined
		"e":       "u.php:41:18: error: function call g(…)",                                     // the whole array
		"j":       "u.php:41:18:",
	} {
		var cur any = v
		for _, k := range strings.Split(name, ".") {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[k]
			case []any:
				i, _ := strconv.Atoi(k)
				cur = c[i]
			}
		}
		u, ok := cur.(*check.Unreadable)
		if !ok {
			t.Errorf("%s = %#v, want it unreadable: %s", name, cur, want)
			continue
		}
		if got := u.Cause.Error(); !strings.HasPrefix(got, want) {
			t.Errorf("%s: cause %s\nwant %s…", name, got, want)
		}
	}
	if u, _ := v["b"].(*check.Unreadable); u == nil || u.Via != "$a" {
		t.Errorf("b is unreadable through $a: %#v", v["b"])
	}
	// What stays an error of the file.
	for src, want := range map[string]string{
		"<?php\n$x = f(1 2);\n$y = 1;":                   "x.php:2:10: error: expected",
		"<?php\n$x = [1, 2;\n$y = 1;":                    "x.php:2:11: error: expected",
		"<?php\n$x = 1 ? 2 : 3 ? f() : 5;":               "x.php:2:16: error: unparenthesized",
		"<?php\n$x = g() < 1 < 2;":                       "x.php:2:14: error: unsupported construct: < after <",
		"<?php\ninit();\n$y = 1;":                        "x.php:2:1: error: unsupported construct: a call of init(…)",
		"<?php\nif (g()) { init(); }":                    "x.php:2:12: error: unsupported construct \"init();",
		"<?php\nif (g()) { require 'more.php'; }":        "x.php:2:12: error: unsupported construct",
		"<?php\nenum E: int { case A = 1; case B = 1; }": "x.php:2:36: error: enum E: cases A and B have the same value",
		"<?php\nwhile (true) { $a[] = g(); }":            "x.php:2:1: error: the loops run more than 100000 times in all",
		"<?php\nif (g()) { $x = [1, 2; }":                "x.php:2:22: error: expected",
	} {
		_, err := check.ParsePHP("x.php", src)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v\nwant %s…", src, err, want)
		}
	}
}

// A game's class is built once the file's top level has run, as the
// framework builds it: its properties' defaults, then its constructor,
// whose $this->name are the file's names and whose self::$X are the
// class's static properties. What the constructor leaves to code the
// reader does not run is unreadable, alone, and the file reads on.
func TestPHPConstructor(t *testing.T) {
	read := func(t *testing.T, files map[string]string) map[string]any {
		t.Helper()
		fsys := fstest.MapFS{}
		for name, src := range files {
			fsys[name] = &fstest.MapFile{Data: []byte(src)}
		}
		v, err := check.ParsePHPFile(fsys, "game.php", "game.php")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	get := func(v map[string]any, path string) (any, bool) {
		var cur any = v
		for _, k := range strings.Split(path, ".") {
			m, ok := cur.(map[string]any)
			if !ok {
				return nil, false
			}
			if cur, ok = m[k]; !ok {
				return nil, false
			}
		}
		return cur, true
	}
	// want: a value, unreadable (the start of its cause), or absent.
	type unreadable string
	const absent = "<absent>"
	expect := func(t *testing.T, v map[string]any, want map[string]any) {
		t.Helper()
		for path, w := range want {
			got, ok := get(v, path)
			switch w := w.(type) {
			case unreadable:
				u, isU := got.(*check.Unreadable)
				if !isU {
					t.Errorf("%s = %#v, want it unreadable: %s…", path, got, w)
				} else if !strings.HasPrefix(u.Cause.Error(), string(w)) {
					t.Errorf("%s: cause %s\nwant %s…", path, u.Cause.Error(), w)
				}
			default:
				if w == absent {
					if ok {
						t.Errorf("%s = %#v, want no such name", path, got)
					}
				} else if !reflect.DeepEqual(got, w) {
					t.Errorf("%s = %#v, want %#v", path, got, w)
				}
			}
		}
	}

	t.Run("inherited", func(t *testing.T) {
		// PHP 8.2 gives the same values (tried): parent::__construct()
		// of a class of the files runs it; an abstract class, a class
		// that is not the game's and a method named like its class
		// (PHP 4's constructor) are not run.
		v := read(t, map[string]string{"game.php": `<?php
abstract class Base extends Table {
    protected $base_value = 1;
    public function __construct() {
        parent::__construct();
        $this->base_value = 10;
        $this->order = [$this->base_value];
    }
}
class Card {
    public function __construct() { $this->card_only = 1; }
}
class Orchard extends Base {
    public static $BONUS = 2;
    public function __construct() {
        $this->before_parent = isset($this->base_value) ? $this->base_value : 0;
        parent::__construct();
        $this->own = $this->base_value + static::$BONUS;
        $this->order[] = 'own';
    }
    function Orchard() { $this->own = 99; }
}
`})
		expect(t, v, map[string]any{
			"base_value": int64(10), "own": int64(12), "order": []any{int64(10), "own"},
			"card_only": absent, "Orchard.BONUS": int64(2),
			"before_parent": unreadable("game.php:16:"), // isset() is not read
		})
	})
	t.Run("statics", func(t *testing.T) {
		v := read(t, map[string]string{"game.php": `<?php
class Game extends \Table {
    const SCORES = 'sets';
    public static array $SCORES = [1 => 1];
    private static array $TYPES;
    private static array $NEVER;
    public static $plain;
    public function __construct() {
        static::$SCORES[2] = 3;
        $this->types_before = self::$TYPES ?? 'none';
        self::$TYPES['a'] = 1;
        Game::$TYPES['b'] = self::SCORES;
        $this->never = self::$NEVER;
    }
}
`})
		expect(t, v, map[string]any{
			"Game.SCORES": "sets", "Game.$SCORES": map[string]any{"1": int64(1), "2": int64(3)},
			"Game.TYPES": map[string]any{"a": int64(1), "b": "sets"}, "types_before": "none",
			"Game.NEVER": absent, "Game.plain": nil,
			"never": unreadable("game.php:13:24: error: typed static property Game::$NEVER must not be accessed before initialization"),
		})
	})
	t.Run("typed redeclared", func(t *testing.T) {
		// A typed property redeclared without a default is not
		// initialized, whatever the class it extends gives it (PHP 8.2
		// gives these, tried); an untyped one is null.
		v := read(t, map[string]string{"game.php": `<?php
abstract class Base extends Table { public int $x = 1; public ?array $y = [1]; public $z = 3; }
class Game extends Base {
    public int $x;
    public ?array $y;
    public $z;
    public function __construct() { $this->seen = $this->x ?? 'unset'; }
}
`})
		expect(t, v, map[string]any{"x": absent, "y": absent, "z": nil, "seen": "unset"})
	})
	t.Run("trait statics", func(t *testing.T) {
		// Each class that uses a trait has its own copy of the trait's
		// static properties, from their defaults (PHP 8.2 gives these,
		// tried); a class that extends one shares its parent's.
		v := read(t, map[string]string{"game.php": `<?php
trait Counted { public static $count = 1; public static $of = self::KIND; public static $none; }
class Card { use Counted; const KIND = 'card'; }
class Tile { use Counted; const KIND = 'tile'; }
class BigTile extends Tile {}
class Game extends Table {
    public function __construct() {
        Card::$count = 5;
        BigTile::$count = 7;
        $this->tile = Tile::$count;
        $this->card = Card::$count;
    }
}
`})
		expect(t, v, map[string]any{
			"tile": int64(7), "card": int64(5),
			"Card.count": int64(5), "Tile.count": int64(7), "BigTile.count": int64(7),
			"Card.of": "card", "Tile.of": "tile", "Tile.none": nil,
		})
	})
	t.Run("calls", func(t *testing.T) {
		v := read(t, map[string]string{"game.php": `<?php
class Game extends Table {
    public static $S = 0;
    public function __construct() {
        parent::__construct();
        $this->initGameStateLabels(['round' => 10]);
        self::initGameStateLabels(array('tide' => 11));
        $this->cards = $this->getNew('module.common.deck');
        $this->cards->init('card');
        $this->deck = [3, 1, 2];
        sort($this->deck);
        $this->kept = [3, 1];
        $n = count($this->kept);
        $this->opts = ['a' => 1, 'b' => 2];
        unset($this->opts['a']);
        $this->setup();
        $this->after = 1;
        $this->filled = fill($this->kept);
        $this->local = [2, 1];
        $local = [2, 1];
        sort($local);
    }
    private function setup() { $this->bonus = 3; self::more(); }
    private static function more() { static::$S = 1; self::more(); }
}
function fill(array &$a) { $a[] = 0; return $a; }
`})
		expect(t, v, map[string]any{
			"cards":  unreadable("game.php:8:24: error: unsupported construct: a method call $this->getNew(…)"),
			"deck":   unreadable("game.php:11:9: error: sort($this->deck) is a call the reader does not run"),
			"opts":   unreadable("game.php:15:9: error: unset($this->opts['a']) is a call"),
			"bonus":  unreadable("game.php:16:9: error: the method Game::setup() (game.php:23) is called here and not run"),
			"Game.S": unreadable("game.php:16:9: error: the method Game::setup()"),
			"kept":   unreadable("game.php:18:25: error: fill(…) is a function of the file"),
			"filled": unreadable("game.php:18:25:"),
			"after":  int64(1), "n": absent, // a local variable of the constructor
			"local": []any{int64(2), int64(1)}, // not the local $local, sorted
		})
	})
	t.Run("stops", func(t *testing.T) {
		// A statement the reader cannot read ends the constructor: what
		// its rest, and the rest of the file it included, may assign is
		// unreadable; what was read before stays, and so do the class's
		// constants.
		v := read(t, map[string]string{
			"game.php": `<?php
class Game extends Table {
    const HAND = 5;
    public static $S = 1;
    public function __construct() {
        $this->before = 1;
        include 'material.inc.php';
        $this->after = 2;
        self::$S = 2;
    }
}
`,
			"material.inc.php": `<?php
$this->m1 = 1;
goto done;
$this->m2 = 2;
define('LATE', 3);
done:
`,
		})
		cause := unreadable("material.inc.php:3:1: error: unsupported construct \"goto\"")
		expect(t, v, map[string]any{
			"Game.HAND": int64(5), "before": int64(1), "m1": int64(1),
			"m2": cause, "LATE": cause, "after": cause, "Game.S": cause,
		})
		v = read(t, map[string]string{"game.php": `<?php
class Game extends Table {
    public function __construct() {
        $this->a = 1;
        self::$undeclared = 2;
        $this->b = 3;
    }
}
`})
		expect(t, v, map[string]any{
			"a": int64(1), "b": unreadable("game.php:5:9: error: access to undeclared static property Game::$undeclared"),
		})
	})
	t.Run("order", func(t *testing.T) {
		// The constructor runs after the file's top level (a
		// material.inc.php that requires the game's class), on the same
		// $this (as when the framework includes material.inc.php in
		// the constructor; PHP run by harness.php builds a second
		// object, where $this->hand is not set), and a file it
		// includes runs where it is included.
		v := read(t, map[string]string{
			"game.php": `<?php
require_once('modules/Game.php');
$this->hand = 5;
$this->rows = 1;
`,
			"modules/Game.php": `<?php
class Game extends Table {
    public $rows = 2;
    public function __construct() {
        $this->hand = $this->hand + 1;
        $this->tide = 1;
        include 'tides.inc.php';
        $this->after = $this->tide;
    }
}
`,
			"modules/tides.inc.php": `<?php
$this->tide = $this->tide + 1;
`,
		})
		expect(t, v, map[string]any{"hand": int64(6), "rows": int64(2), "tide": int64(2), "after": int64(2)})
	})
	t.Run("references", func(t *testing.T) {
		// At the top level too: a variable passed to a call that takes
		// it by reference (array_push) may change; one passed by value
		// (count, array_map) does not.
		v, err := check.ParsePHP("m.php", `<?php
$this->deck = [1, 2];
$n = array_push($this->deck, 3);
$this->kept = [1];
$c = count($this->kept);
$this->doubled = array_map(fn($x) => 2 * $x, $this->kept);
`)
		if err != nil {
			t.Fatal(err)
		}
		expect(t, v, map[string]any{
			"deck": unreadable("m.php:3:6: error: function call array_push(…) cannot be read"),
			"n":    unreadable("m.php:3:6: error: function call array_push(…) cannot be read"),
			"kept": []any{int64(1)}, "c": int64(1),
			"doubled": unreadable("m.php:6:18: error: function call array_map(…)"),
		})
	})
	t.Run("lines", func(t *testing.T) {
		// A value's line is where PHP last set it: a property's default,
		// the constructor, or the file it included, in the order they
		// run.
		for path, want := range map[string]string{
			"tidepool:card_types.4":          "material.inc.php:6", // added by the included file
			"tidepool:pools.reef":            "material.inc.php:15",
			"tidepool:pools.lagoon":          "Game.php:25", // the default
			"tidepool:hand_size":             "Game.php:71",
			"tidepool:Game.CARD_TYPES.2":     "Game.php:41",
			"tidepool:Game.$SCORES.5":        "Game.php:45",
			"tidepool:Game.SCORES":           "Game.php:18",
			"tidepool:Game.ROUNDS":           "Game.php:23",
			"emberorchard:orchard_rows":      "material.inc.php:36", // included after the constructor set it
			"emberorchard:hand_size":         "emberorchard.game.php:37",
			"emberorchard:fruit_values.pear": "emberorchard.game.php:38",
			"emberorchard:trees.2":           "material.inc.php:27",
		} {
			dir, p, _ := strings.Cut(path, ":")
			e, err := check.ReadEngine(os.DirFS(filepath.Join("testdata", "php", dir)), phpEntry(dir), phpEntry(dir))
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Where(p); filepath.Base(got) != want {
				t.Errorf("%s is at %s, want %s", path, got, want)
			}
		}
	})
}
