<?php
/**
 *------
 * A Board Game Arena style game: Spice Caravans (written for wikirules'
 * tests; not a real game). Caravans carry spice cards between oases.
 *
 * material.inc.php: the game's constants, computed with PHP's operators,
 * casts, builtin functions and enums. wikirules reads them without running
 * the file; TestPHPAgainstPHP checks every value against PHP itself.
 *------
 */

// Spice colors: a backed enum (its cases are read through ->value and
// ->name; its methods are code, skipped).
enum Color: string
{
    case Red = 'red';
    case Blue = 'blue';
    case Green = 'green';
    case Gold = 'gold';

    const DEFAULT = self::Blue;
    const WARM = [self::Red->value, self::Gold->value];

    public function label(): string
    {
        // Code: never run. Strings with variables and braces are skipped.
        return ucfirst($this->value) . " {$this->name} }";
    }

    public static function forSpice(string $spice): self
    {
        return match ($spice) {
            'saffron' => self::Red,
            default => self::DEFAULT,
        };
    }
}

enum Phase: int
{
    case Setup = 1;
    case Trade = 2;
    case Scoring = 2 + 1;
}

// A pure enum: its cases have a ->name and no ->value.
enum Season
{
    case Dry;
    case Monsoon;
}

// A helper of the game's code: skipped, never run (calling it here would
// be an error).
function caravan_bonus(int $camels): int
{
    $note = "bonus for {$camels} camels";
    $text = <<<EOT
        A heredoc with a brace { and an apostrophe's here.
        EOT;
    return $camels > 3 ? 2 : 0;
}

define('PLAYERS_MIN', 2);
define('PLAYERS_MAX', PLAYERS_MIN + 3);
define('SOLO_MODE', PLAYERS_MIN === 1);
define('CARDS_PER_SPICE', max(4, PLAYERS_MAX));
define('HAND_LABEL', sprintf('Hand of %d', 2 ** 3));
const SPICES = ['saffron', 'pepper', 'cinnamon', 'clove'];
const DESERT_WIDTH = PLAYERS_MAX > 4 ? 9 : 7;
const DEFAULT_COLOR = Color::DEFAULT->value;
const TAX = -2 ** 2;

// Spice cards: counts and values from builtins and operators.
$this->card_types = [
    1 => [
        'name' => clienttranslate('Saffron'),
        'nbr' => CARDS_PER_SPICE,
        'value' => 3 ** 2,
        'color' => Color::Red->value,
        'phase' => Phase::Trade->value,
    ],
    2 => [
        'name' => clienttranslate('Pepper'),
        'nbr' => (int) '6 cards',
        'value' => intdiv(17, 3),
        'color' => Color::DEFAULT->value,
        'phase' => Phase::from(1)->name,
    ],
    3 => [
        'name' => clienttranslate('Cinnamon'),
        'nbr' => (int) 3.9 + PLAYERS_MIN,
        'value' => round(7 / 3, 2),
        'color' => Color::from('green')->name,
        'phase' => Phase::Scoring->value,
    ],
    4 => [
        'name' => clienttranslate('Clove'),
        'nbr' => abs(-5),
        'value' => (float) '2.50',
        'color' => Color::tryFrom('purple')?->value ?? DEFAULT_COLOR,
        'phase' => Phase::tryFrom(2)?->name,
    ],
];
$this->deck_size = array_sum(array_column($this->card_types, 'nbr'));
$this->value_by_name = array_column($this->card_types, 'value', 'name');
$this->most_valuable = max(array_column($this->card_types, 'value'));
$this->card_labels = [
    sprintf('%s x%d', $this->card_types[1]['name'], $this->card_types[1]['nbr']),
    sprintf('%-8s|%5.1f|%05d|%+d|%x|%o|%b|%X|%c', 'Pepper', 5.25, 42, 7, 255, 8, 5, 171, 65),
    sprintf('%2$s before %1$s', 'cinnamon', 'clove'),
    sprintf("%'.10d|%e|%.2e|%u", 42, 1234.5678, 0.000123, 3),
    vsprintf('%s: %d%%', ['Tax', 15]),
    sprintf('%.3s-%5.1s-%s-%s', 'abcdef', 'xyz', true, 1.0),
];

// Tokens and boards: range, array_fill, array_merge.
$this->coins = array_merge(array_fill(0, 3, 1), array_fill(0, 2, 5), [10]);
$this->coin_total = array_sum($this->coins);
$this->tokens_by_players = array_fill(PLAYERS_MIN, PLAYERS_MAX - PLAYERS_MIN + 1, 0);
$this->tokens_by_players[3] = 12;
$this->tokens_by_players[PLAYERS_MAX] = count($this->coins) * 2;
$this->rows = range('A', 'E');
$this->back_rows = range('e', 'a', 2);
$this->columns = range(1, DESERT_WIDTH, 2);
$this->countdown = range(10, 0, -5);
$this->quarters = range(0, 1, 0.25);
$this->oases = array_fill_keys(['north', 'south', 'east'], array_fill(0, 2, null));
$this->oases['north'][1] = 'well';
$this->spice_ids = array_flip(SPICES);
$this->spice_by_id = array_combine(range(1, count(SPICES)), SPICES);
$this->reversed = array_reverse(['first' => 1, 2, 3]);
$this->reversed_kept = array_reverse([5 => 'a', 9 => 'b'], true);
$this->middle = array_slice(SPICES, 1, 2);
$this->last_two = array_slice(['x' => 1, 10 => 2, 11 => 3], -2, null, true);
$this->spice_keys = array_keys($this->spice_ids);
$this->threes = array_keys([1, 3, '3', 3.0, 'x' => 3], 3);
$this->values = array_values(['a' => 'one', 'b' => 'two']);
$this->product = array_product([2, '3', 4]);
$this->merged = array_merge_recursive(['camels' => 1, 'goods' => ['salt']], ['camels' => 2, 'goods' => ['silk']]);
$this->unique = array_unique([3, '3', 1, 'a', 'A', 1.0]);
$this->union = ['a' => 1, 'b' => 2] + ['b' => 20, 'c' => 30];
$this->has_saffron = in_array('saffron', SPICES, true);
$this->has_one = [in_array('1', [1, 2]), in_array('1', [1, 2], true)];
$this->pepper_at = array_search('pepper', SPICES);
$this->no_pearl = array_search('pearl', SPICES);
$this->key_checks = [array_key_exists(2, $this->card_types), key_exists('x', ['x' => null]), array_key_exists('9', $this->card_types)];
$this->ends = [array_key_first($this->card_types), array_key_last(['p' => 1, 'q' => 2])];
$this->smallest = [min(3, '2', 5), min([4, 8, 1]), max('apple', 'banana'), max([1, 2], [1, 3])];
$this->counts = [count(SPICES), sizeof($this->card_types), count([1, [2, 3]], COUNT_RECURSIVE)];

// Numbers.
$this->math = [
    'floor' => floor(7.8),
    'ceil' => ceil('4.1'),
    'round_up' => round(2.5),
    'round_neg' => round(-2.5),
    'round_cent' => round(1.955, 2),
    'round_hundreds' => round(1234.5678, -2),
    'pow' => pow(2, 10),
    'pow_neg' => pow(2, -2),
    'sqrt' => sqrt(16),
    'intdiv' => intdiv(-7, 2),
    'mod' => -7 % 3,
    'power' => [2 ** 3 ** 2, -2 ** 2, (-2) ** 2, 2 ** -1, 2 ** 63],
    'float_power' => [2 ** 0.5, 1.5 ** 3, 10 ** -2, pow(1.1, 12), 0.5 ** 0.25, 9 ** 1.5],
    'intval' => [intval('42abc'), intval('0x1A', 16), intval('012', 0), intval('101', 2), intval(12.9)],
    'floatval' => [floatval('1.5e3 coins'), doubleval(3)],
    'strval' => [strval(0.1 + 0.2), strval(1e25), strval(-0.0)],
    'boolval' => [boolval('0'), boolval('0.0'), boolval([])],
    'price' => number_format(1234.567, 2),
    'price_fr' => number_format(-1234.567, 2, ',', ' '),
    'price_whole' => number_format(0.5),
];

// Casts.
$this->casts = [
    (int) '12abc', (int) 3.9, (int) -3.9, (int) '1e3', (integer) true, (int) null,
    (float) '1.5 apples', (double) 7,
    (string) true, (string) false, (string) 1.0, (string) 0.1, (string) 1e20,
    (bool) '0', (bool) '0.0', (bool) [], (boolean) 'no',
    (array) 'solo', (array) null,
];

// Comparisons and logic.
$this->compare = [
    1 == '1', 'abc' == 0, null == false, '1e1' == '10', '10' == '1e1x',
    1 === 1.0, [1, 2] == [1 => 2, 0 => 1], [1, 2] === [1 => 2, 0 => 1],
    2 <=> 1, 'a' <=> 'b', [1, 2] <=> [1, 3], 1.5 <=> 1.5,
    'Z' < 'a', '10' < '9', '10' < '9a', null < -1, [] > 0,
    1 != 2, 1 <> 1, 1 !== '1', 3 >= 3, 2 <= 1,
];
$this->logic = [
    !0, !'a', true && 'x', 0 || '', true xor true, (false or true), (true and false),
    PLAYERS_MAX > 4 && DESERT_WIDTH === 9,
];
$this->first_or = false or true; // "=" binds tighter than or: false

// Ternaries and null coalescing.
$this->max_rounds = PLAYERS_MAX > 4 ? 8 : 10;
$this->solo_label = SOLO_MODE ? 'solo' : (PLAYERS_MIN > 2 ? 'small' : 'duel');
$this->fallback = null ?: 'fallback';
$this->first_set = 0 ?: '' ?: 'third';
$this->solo_bonus = $this->solo_bonus_config ?? 3;
$this->clove_bonus = $this->card_types[4]['bonus'] ?? 0;
$this->clove_value = $this->card_types[4]['value'] ?? 0;
$this->deep = $this->card_types[9]['name']['x'] ?? 'none';
$this->unknown_local = $missing ?? 'local';
$this->chained = $this->nope ?? $this->card_types[5] ?? SPICES[3];
$this->skipped = true ? 'taken' : UNDEFINED_CONSTANT;

// Strings.
$this->names = explode(',', ucwords(implode(',', SPICES), ','));
$this->title = ucwords('the spice caravans of the great desert');
$this->shout = strtoupper('caravan') . '/' . strtolower('OASIS');
$this->initials = ucfirst('pepper') . lcfirst('Salt');
$this->code = str_pad((string) 7, 3, '0', STR_PAD_LEFT);
$this->banner = str_pad('camel', 11, '-=', STR_PAD_BOTH);
$this->dashes = str_repeat('-', 8);
$this->sentence = implode(' ', ['Trade', 3, 'cards', 2.5, true]);
$this->joined = join('/', array_slice(SPICES, 0, 2));
$this->split_two = explode(' ', 'load the camel train', 2);
$this->split_neg = explode(',', 'a,b,c,d', -2);
$this->lengths = [strlen('saffron'), strlen(''), strlen(12345)];
$this->parts = [substr('caravan', 0, 4), substr('caravan', -3), substr('caravan', 2, -2), substr('abc', 5)];
$this->text = str_replace('{n}', 3, 'Draw {n} cards, keep {n}.');
$this->text_many = str_replace(['saffron', 'clove'], ['S', 'C'], SPICES);
$this->text_pairs = str_replace(['a', 'b'], ['b', 'c'], 'ab');
$this->trimmed = [trim('  oasis  '), rtrim('1.5000', '0'), ltrim('0042', '0'), trim('xxhixx', 'x'), trim('abchicba', 'a..c')];
$this->char = SPICES[0][0] . 'abc'[-1];
$this->has_hand_label = defined('HAND_LABEL') && !defined('NOT_A_CONSTANT');
$this->season = Season::Monsoon->name;
$this->warm = Color::WARM;
$this->with_spread = max(...[4, 9, 2]);
