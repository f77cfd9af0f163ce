<?php
/*
 * The statement forms engine files are written in (written for wikirules'
 * tests; not a real game): blocks, declarations the reader passes over,
 * classes with attributes, typed and listed properties, functions whose
 * bodies hold braces in strings, heredocs and nowdocs, number literals of
 * every base, spreads. php.json beside this file is PHP's own output.
 */
declare(strict_types=1);

namespace Game\Syntax;

use InvalidArgumentException;
use function strlen;

#[\Attribute]
final class Marker
{
}

interface HasValue
{
    const UNIT = 'coins';
}

trait Helpers
{
    public function helper(): string
    {
        return "{ not a block }";
    }
}

#[Marker]
abstract class Base implements HasValue
{
    use Helpers;

    #[Marker]
    public const START = 3;
    public int $typed = 1;
    public $a = 1, $b = [2, 3];
    protected static array $table = ['x' => 1];
    private ?string $maybe = null;

    abstract protected function score(): int;

    public function braces(): string
    {
        $s = '}' . "{" . <<<EOT
        } still text {
        EOT;
        $t = <<<'RAW'
        { raw }
        RAW;
        return $s . $t . `ls`;
    }
}

class Child extends Base
{
    const BONUS = parent::START + 1;
    const OWN = self::START * 10;

    protected function score(): int
    {
        return self::BONUS;
    }
}

enum Phase: int
{
    case Setup = 1;
    case Play = 2;

    const FIRST = self::Setup;
}

{
    // A bare block.
    $this->block = Base::START * 2;
}
;

if (!defined('SYNTAX_LIMIT')) {
    define('SYNTAX_LIMIT', 10);
}
define('SYNTAX_OLD', 5, false);
const SYNTAX_LIST = [SYNTAX_LIMIT, SYNTAX_OLD];

$this->literals = [
    0x1F, 0X1f, 017, 0o17, 0O17, 0b101, 0B101,
    1_000_000, 0xF_F, 1_0.5, .5, 5., 1e3, 1E-3,
    9223372036854775807, 9223372036854775808, 0x7FFFFFFFFFFFFFFF,
    -9223372036854775807 - 1,
];

$this->strings = [
    'single \' \\ \n',
    "double \" \\ \n \t \$ \x41 \101 \u{1F600} \u{e9}",
    "not an escape: \q \8",
    <<<EOT
      indented
        more
      EOT,
    <<<"QUOTED"
    quoted id \x41
    QUOTED,
    <<<'NOW'
    nowdoc \x41 $notavar
    NOW,
    'a' . "b" . 'c',
    'abc'[1],
    "xyz"[-1],
];

$a = [1, 2];
$b = ['k' => 'v'];
$this->spread = [...$a, ...[3, 4], 0, ...$b];
$this->constants = [
    SYNTAX_LIMIT,
    SYNTAX_OLD,
    SYNTAX_LIST,
    Base::START,
    Base::UNIT,
    HasValue::UNIT,
    Phase::FIRST->value,
    Phase::from(2)->name,
    Phase::tryFrom(9)?->name,
    \PHP_INT_SIZE,
    PHP_EOL,
    M_PI > 3,
    true && !false,
    null ?? 'default',
];

$this->inherited = [Child::BONUS, Child::OWN, Child::START, Child::UNIT];
$this->nested = ['a' => ['b' => ['c' => 1]]];
$this->nested['a']['b']['d'] = 2;
$this->nested['x'][] = 'new';
$this->nested['x'][] = 'more';
$this->list = [];
$this->list[] = 'first';
$this->list[5] = 'five';
$this->list[] = 'six';
$this->list['key'] = 'k';
$this->list[] = 'seven';
$copy = $this->list;
$copy[] = 'only in the copy';
$this->copy = $copy;

function ignored(array $x = [1, '}'], string $y = "{"): int
{
    if ($x) { return 1; }
    return strlen($y);
}

// match (PHP 8): identity with the subject, default wherever it stands,
// the arms not taken not evaluated.
$this->matches = [
    match (Base::START) { 3 => 'three', default => 'other' },
    match (3) { 1, 2 => 'low', 3, 4 => 'mid', default => 'high', },
    match ('3') { 3 => 'int', '3' => 'string' },
    match (true) { default => 'd', 1 > 2 => 'no', 2 > 1 => 'yes' },
    match (9) { 9 => 'nine', UNKNOWN_CONST => 'never read' },
    match (1) { 1 => 'one', 2 => UNKNOWN_CONST },
    match (0.0) { -0.0 => 'negative zero', default => 'other' },
    [match (2) { 2 => [1, 2] }, 'after'],
    match (1) { 0 => 'zero', default => match (1) { 1 => 'nested' } },
];

// Lists of variables, assigned from an array: by place, by key, nested,
// with places left empty; a missing element or a value that is not an
// array gives null.
[$da, $db] = [1, 2];
list($dc, , $dd) = [3, 4, 5];
['k' => $de, 'm' => [$df, $dg]] = ['k' => 'K', 'm' => [6, 7]];
[$dh, [$di, $dj]] = [8, [9, 10]];
[$this->dp, $this->dq] = ['P', 'Q'];
[$dx, $dy] = [1];
[$ds] = 'str';
[, $dt] = [0, 't'];
list('a' => $du, 'b' => list($dv)) = ['a' => 'A', 'b' => ['V']];
[$dw] = [[1, 2]];
$dw2 = $dw;
$dw2[] = 3;
[1 => $done, 0 => $dzero] = ['z', 'o'];

// Class constants are evaluated when first used, as PHP does: a constant
// may name one declared after it, in its class or in another class, and
// one never used is never evaluated (its value names nothing defined).
class Palette
{
    const ALL = [self::RED, self::BLUE, Shades::DARK];
    const PAIR = self::RED + Shades::DARK * 10;
    const RED = 1;
    const BLUE = 2;
    const NEVER_USED = NOT_DEFINED_ANYWHERE + 1;
}

class Shades
{
    const DARK = Palette::BLUE + 1;
}

$this->palette = Palette::ALL;
$this->pair = Palette::PAIR;

// Classes are declared before the file's code runs, as PHP declares them:
// one that extends and implements nothing, an interface that extends
// nothing, a class that extends one declared already. Code may name such
// a class further up, its static properties too.
$this->hoisted = [Later::A, Later::$count, LaterChild::B, LaterChild::A, LaterFace::F];

class Later
{
    const A = 'a';
    public static $count = self::A . 'b';
}

class LaterChild extends Later
{
    const B = parent::A . 'c';
}

interface LaterFace
{
    const F = 6;
}

// Negative keys: since PHP 8.0 the next key after a negative one is the
// one above it (an array's first key -3 makes the next -2), in a literal,
// by array_fill, and in an unset or null variable made an array. PHP
// 8.2's empty literal ([] or array()) still starts at 0: a first
// negative key there does not move it.
$this->below_zero = [-3 => 'a', 'b', -1 => 'c', 'd'];
$this->below_zero_fill = array_fill(-5, 2, 'x');
$this->below_zero_fill[] = 'y';
$below_zero_list[-5] = 'x';
$below_zero_list[] = 'y';
$below_zero_null = null;
$below_zero_null[-2] = 'a';
$below_zero_null[] = 'b';
$below_zero_empty = [];
$below_zero_empty[-5] = 'x';
$below_zero_empty[] = 'y';
$below_zero_copy = [-10 => 1];
$below_zero_copy2 = $below_zero_copy;
$below_zero_copy2[-5] = 2;
$below_zero_copy2[] = 3;
$below_zero_keyed = ['z' => 1];
$below_zero_keyed[-2] = 'a';
$below_zero_keyed[] = 'b';
$below_zero_spread = [-3 => 'a', ...[-7 => 'b'], 'c'];
