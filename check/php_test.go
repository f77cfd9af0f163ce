package check_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules/check"
)

func readPHP(t *testing.T, dir string) map[string]any {
	t.Helper()
	v, err := check.ParsePHPFile(os.DirFS(filepath.Join("testdata", "php", dir)), "material.inc.php", dir+"/material.inc.php")
	if err != nil {
		t.Fatal(err)
	}
	return v
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

// TestPHPAgainstPHP runs the fixtures in PHP itself (when it is installed)
// and compares what PHP defines with what wikirules reads.
func TestPHPAgainstPHP(t *testing.T) {
	php, err := exec.LookPath("php")
	if err != nil {
		if os.Getenv("WIKIRULES_REQUIRE_PHP") != "" {
			t.Fatal("php is not installed and WIKIRULES_REQUIRE_PHP is set")
		}
		t.Skip("php is not installed: the fixtures are not compared with PHP's own reading")
	}
	harness, _ := filepath.Abs(filepath.Join("testdata", "php", "harness.php"))
	for _, dir := range []string{"harbor", "blocks"} {
		t.Run(dir, func(t *testing.T) {
			cmd := exec.Command(php, harness, "material.inc.php")
			cmd.Dir = filepath.Join("testdata", "php", dir)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("php: %v", err)
			}
			if i := strings.IndexByte(string(out), '{'); i > 0 {
				out = out[i:] // text outside <?php ?> that PHP printed
			}
			dec := json.NewDecoder(strings.NewReader(string(out)))
			dec.UseNumber()
			var want map[string]any
			if err := dec.Decode(&want); err != nil {
				t.Fatalf("php output: %v\n%s", err, out)
			}
			got := readPHP(t, dir)
			if g, w := normalize(got), normalize(want); !reflect.DeepEqual(g, w) {
				gj, _ := json.MarshalIndent(g, "", "  ")
				wj, _ := json.MarshalIndent(w, "", "  ")
				t.Errorf("wikirules reads\n%s\nPHP defines\n%s", gj, wj)
			}
		})
	}
}

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
	case map[string]any:
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
		"<?php\n$this->x = new Deck(52);":                        "x.php:2: error: object construction (new Deck) is not read",
		"<?php\nforeach ($a as $b) {}":                           `x.php:2: error: unsupported construct "foreach"`,
		"<?php\nfunction f() { return 1; }":                      `x.php:2: error: unsupported construct "function"`,
		"<?php\nif ($x) { define('A', 1); }":                     "x.php:2: error: unsupported construct: an if statement other than if (!defined('NAME'))",
		"<?php\n$this->x = \"cost: $cost\";":                     "x.php:2: error: unsupported construct: a variable inside a double-quoted string",
		"<?php\n$this->x = Card::NOPE;":                          "x.php:2: error: unknown class constant Card::NOPE",
		"<?php\n$this->x = $this->y;":                            "x.php:2: error: $y has no value yet",
		"<?php\n$this->a[1] = 2;":                                "x.php:2: error: $a has no value yet: an element is assigned before the array is",
		"<?php\n$this->a = 1;\n$this->a[1] = 2;":                 "x.php:3: error: $a is an integer, not an array",
		"<?php\n$this->x = [1, 2][5];":                           "x.php:2: error: the array has no element 5",
		"<?php\n$this->x = $this->load();":                       "x.php:2: error: unsupported construct: a method call $this->load(…)",
		"<?php\n$this->x = (int) '3';":                           "x.php:2: error: unsupported construct: a (int) cast",
		"<?php\n$this->x = 1 / 0;":                               "x.php:2: error: division by zero",
		"<?php\n$this->x = array(1,\n  foo());":                  "x.php:3: error: function call foo(…) cannot be read",
		"<?php\nrequire_once('gone.inc.php');\n$this->x = GONE;": "x.php:3: error: unknown constant GONE (define it before it is used); gone.inc.php is required but not beside the file",
	} {
		fsys := fstest.MapFS{"x.php": {Data: []byte(src)}}
		_, err := check.ParsePHPFile(fsys, "x.php", "x.php")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q:\n error %v\n want %q", src, err, want)
		}
	}
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
	if err == nil {
		t.Fatalf("** is not read, want an error; got %v", v)
	}
	src = strings.Replace(src, "-2 ** 0 + 0", "-2 * 3 + 1", 1)
	v, err = check.ParsePHP("v.php", src)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{
		"a":    []any{int64(1), int64(2), int64(3)},
		"b":    []any{int64(1), int64(2), int64(3), int64(4)},
		"n":    int64(-5),
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

func FuzzParsePHP(f *testing.F) {
	for _, p := range []string{"testdata/php/harbor/material.inc.php", "testdata/php/harbor/harbor.constants.inc.php", "testdata/php/harbor/harbor.ships.inc.php", "testdata/php/blocks/material.inc.php"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("<?php $this->a = [[[[1]]]]; $this->a[0][0][] = 'x' . 1 . 2.5;")
	f.Fuzz(func(t *testing.T, src string) {
		v, err := check.ParsePHP("f.php", src)
		if err != nil && v != nil {
			t.Fatal("values and an error")
		}
	})
}
