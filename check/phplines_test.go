package check

import (
	"strings"
	"testing"
)

// The lines of a PHP file's values are found by their paths, whatever
// the constructs around them.
func TestPHPLines(t *testing.T) {
	src := `<?php
/* $this->deck = ['Fake' => 1]; in a comment */
define('TARGET', 11);         // line 3
$this->deck = array(
    'Red' => 3,               // 'Blue' => 9 in a comment
    "Blue" => 5,
    'Green' => clienttranslate('five'),
);
$this->suits = [
    1 => ['name' => 'Coins', 'cards' => 10],
    ['name' => 'Cups',
     'cards' => 10],
];
$this->grid[2][0] = 7;
$this->more[] = 'a';
$this->more[] = 'b';
$plain = -1;
?>
<p>text with $this->nope = 1;</p>
<?php
$this->after = [
  -1 => 'minus',
  'list' => [10, 20,
    30],
];
$this->below = [-3 => 'a',
  'b'];
class Material { const LIMIT = 4; }
final class Game extends Table {
    public const int HAND_SIZE = 7, MAX = 9;
    private $plain = 5;
    public function __construct() {
        $this->deck = ['Red' => 99];
    }
}
enum Color: int {
    case Red = 1;
    case Blue =
      2;
}
`
	lines := phpLines(src, nil)
	for path, want := range map[string]int{
		"TARGET":         3,
		"deck":           4,
		"deck.Red":       5,
		"deck.Blue":      6,
		"deck.Green":     7,
		"suits":          9,
		"suits.1":        10,
		"suits.1.name":   10,
		"suits.1.cards":  10,
		"suits.2":        11, // after key 1, the next position is 2
		"suits.2.cards":  12,
		"grid.2.0":       14,
		"more.0":         15,
		"more.1":         16,
		"plain":          17,
		"after.-1":       22,
		"after.list.2":   24,
		"Material.LIMIT": 28, // a class constant is Class.NAME
		"Game.HAND_SIZE": 30,
		"Game.MAX":       30,
		"Color.Red":      37,
		"Color.Blue":     39,
		"below.-2":       27, // the key after -3, as in PHP 8
	} {
		if got := lines[path]; got != want {
			t.Errorf("%s: line %d, want %d", path, got, want)
		}
	}
	// A heredoc's text is not code: a ";" or an apostrophe in it ends
	// nothing (the scan hung on the ";").
	heredoc := phpLines("<?php\n$this->a = [\n  'x' => <<<EOT\n  It's; ok\n  EOT,\n  'y' => <<<'EOT'\n  Don't\n  EOT,\n  'z' => 1,\n];\n", nil)
	if heredoc["a.x"] != 3 || heredoc["a.y"] != 6 || heredoc["a.z"] != 9 {
		t.Errorf("heredocs: %v", heredoc)
	}
	// A method's assignments and a property's default are not values.
	if lines["deck"] != 4 || lines["deck.Red"] != 5 || lines["plain"] != 17 {
		t.Errorf("a method's or a property's lines: deck %d, deck.Red %d, plain %d", lines["deck"], lines["deck.Red"], lines["plain"])
	}
	for _, path := range []string{"deck.Fake", "nope", "deck.Blue.x", "LIMIT", "HAND_SIZE"} {
		if l, ok := lines[path]; ok {
			t.Errorf("%s: found at line %d, but it is not a value", path, l)
		}
	}
	// Whatever the input, the scan ends.
	for _, src := range []string{"<?php$a;a$a[]=[; $a['k'][] = array(true => 1, null => 2);", "<?php $a = [1 => 2 ), 3];", "<?php $a = [<<<", strings.Repeat("<?php $a = [", 1) + strings.Repeat("[", 1<<20), "<?php $this->a = [", "<?php $a = array(1, (2, [3", "<?php 'unclosed", "$", "<?php /* open"} {
		phpLines(src, nil)
	}
}

// A key written as a constant is the key the constant makes: the lines of
// BGA's CARD_WASABI => array(…) are found under the card's number. A key
// that is not read leaves its element's line unknown, and those after it
// without a key, never the line of another element.
func TestPHPLinesConstantKeys(t *testing.T) {
	src := `<?php
define('CARD_TEMPURA', 1);
define('BLUE', 'Blue');
class Card { const WASABI = 11; }
$this->cards = array(
  CARD_TEMPURA => array('name' => 'Tempura',
                        'nbr' => 14),
  Card::WASABI => ['nbr' => 6],
  'next',
  BLUE => 5,
  true => 'yes',
  UNKNOWN => 'a',
  'b',
  2 * 10 => 'c',
  'd',
);
$this->later = [2 * 10 => 'c', 'd'];
`
	consts := map[string]string{"CARD_TEMPURA": "1", "BLUE": "Blue", "Card::WASABI": "11", "true": "1"}
	lines := phpLines(src, func(name string) (string, bool) { k, ok := consts[name]; return k, ok })
	for path, want := range map[string]int{
		"cards.1":      11, // true => 'yes' writes the key 1 again
		"cards.1.nbr":  7,
		"cards.11.nbr": 8,
		"cards.12":     9,
		"cards.Blue":   10,
		"cards.1.name": 6,
	} {
		if got := lines[path]; got != want {
			t.Errorf("%s: line %d, want %d", path, got, want)
		}
	}
	for _, path := range []string{"cards.CARD_TEMPURA", "cards.UNKNOWN", "cards.13", "cards.14", "cards.20", "cards.21", "later.0", "later.1"} {
		if l, ok := lines[path]; ok {
			t.Errorf("%s: found at line %d, but its key is not known", path, l)
		}
	}
}

// FuzzPHPLines: whatever the input, the scan ends, and every line it finds
// is a line of the file.
func FuzzPHPLines(f *testing.F) {
	for _, s := range []string{
		"<?php\ndefine('A', 1);\n$this->c = [A => ['n' => 1], 'x', B => 2, 'y', 2 * 3 => 'z', 'w'];\n",
		"<?php $this->a = [-3 => 'a', 'b', C::K => [1, 2], fn($x) => $x, [1 => 2]];",
		"<?php $a[] = 1; $a[] = [X => 2]; $a['k'][] = array(true => 1, null => 2);",
		"<?php\n$a = [\n  'x' => <<<EOT\n  It's; ok\n  EOT, 'y' => <<<'N'\n  a\n N\n];",
	} {
		f.Add(s)
	}
	keys := map[string]string{"A": "1", "C::K": "k", "true": "1", "null": ""}
	f.Fuzz(func(t *testing.T, src string) {
		n := strings.Count(src, "\n") + 1
		for p, l := range phpLines(src, func(name string) (string, bool) { k, ok := keys[name]; return k, ok }) {
			if l < 1 || l > n {
				t.Fatalf("%s: line %d of %d", p, l, n)
			}
		}
	})
}
