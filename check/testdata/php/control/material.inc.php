<?php
/*
 * Tables built by loops and branches, as engine files sometimes build
 * them (written for wikirules' tests; not a real game). php.json beside
 * this file is PHP's own output.
 */
define('DICE', 6);
if (!defined('DICE')) {
    define('DICE', 8);
}
if (!defined('FACES')) {
    define('FACES', ['one', 'two', 'three', 'four', 'five', 'six']);
}

// A die per number, its face and its score.
$this->dice = [];
for ($i = 1; $i <= DICE; $i++) {
    $this->dice[$i] = ['face' => FACES[$i - 1], 'score' => $i * 10];
}

// Cards of each color, numbered; the last color has fewer.
$this->colors = ['red' => 5, 'blue' => 5, 'gold' => 3];
$this->cards = [];
$id = 100;
foreach ($this->colors as $color => $count) {
    for ($n = 1; $n <= $count; ++$n) {
        $this->cards[$id++] = ['color' => $color, 'value' => $n];
    }
}
$this->card_count = count($this->cards);

// Branches: the first that holds runs.
$this->bonus = [];
foreach ([1, 2, 3, 4, 5, 6, 7] as $k) {
    if ($k % 2 == 0) {
        $this->bonus[] = "even $k";
    } elseif ($k == 3) {
        $this->bonus[] = 'three';
    } else if ($k > 5) {
        $this->bonus[] = 'big';
    } else {
        $this->bonus[] = 'odd';
    }
}

// break and continue, with levels.
$this->pairs = [];
foreach ([1, 2, 3, 4] as $a) {
    if ($a == 2) continue;
    foreach ([1, 2, 3] as $b) {
        if ($b > $a) break;
        if ($a == 4 && $b == 2) continue 2;
        $this->pairs[] = $a * 10 + $b;
    }
}

// Compound assignments and increments.
$total = 0;
$label = '';
for ($i = 0, $j = 10; $i < 5; $i++, $j -= 2) {
    $total += $i * $j;
    $label .= $i;
}
$this->total = $total;
$this->label = $label;
$x = 7;
$x *= 3;
$x -= 1;
$x /= 4;
$x **= 2;
$this->x = $x;
$m = 17;
$m %= 5;
$m <<= 3;
$m |= 1;
$m ^= 2;
$m &= 15;
$this->m = $m;
$unset = null;
$unset ??= 'filled';
$set = 'kept';
$set ??= UNKNOWN_BUT_NOT_READ;
$this->coalesced = [$unset, $set];
$s = 'a';
$s++;
$z = 'Az';
$z++;
$nine = 'z9';
$nine++;
$n = null;
$n++;
$d = null;
$d--;
$f = 1.5;
$f--;
$numeric = '5';
$numeric++;
$this->incremented = [$s, $z, $nine, $n, $d, $f, $numeric];

// Elements of arrays as targets.
$this->grid = [[0, 0], [0, 0]];
foreach ([[0, 1], [1, 0], [1, 1]] as [$r, $c]) {
    $this->grid[$r][$c] += $r + $c + 1;
}
$this->counts = ['a' => 0, 'b' => 0];
foreach (['a', 'b', 'a', 'a'] as $letter) {
    $this->counts[$letter]++;
}

// A loop over a copy: the array changed in the body does not change the loop.
$list = [1, 2];
foreach ($list as $v) {
    $list[] = $v * 10;
}
$this->list = $list;

// Nothing to loop over.
foreach ([] as $never) {
    $this->never = true;
}
for ($i = 0; $i < 0; $i++) {
    $this->never = true;
}
if (false) {
    $this->never = true;
} elseif (0) {
    UNKNOWN_NOT_READ;
}

// Variables inside double quotes and heredocs.
$who = 'Ada';
$this->greeting = "Hello $who, {$who}! $this->label {$this->label} \$who";
// PHP's older form, ${name}, is the same variable (deprecated in PHP 8.2,
// still in files).
$this->older = "${who} again";
$this->doc = <<<EOT
  $who has {$this->card_count} cards
  EOT;

// while and do … while.
$this->powers = [];
$p = 1;
while ($p < 1000) {
    $this->powers[] = $p;
    $p *= 3;
}
$n = 10;
do {
    $n--;
    if ($n == 7) continue;
    if ($n < 5) break;
    $this->countdown[] = $n;
} while ($n > 0);
do $once = 'ran once'; while (false);
$this->once = $once;

// switch: loose comparison, fall-through, default wherever it stands.
$this->kinds = [];
foreach ([1, '2', 3, 4, 'x', 0] as $v) {
    switch ($v) {
        case 1:
            $this->kinds[] = 'one';
            break;
        case 2:
        case 3:
            $this->kinds[] = 'two or three';
            // falls through
        default:
            $this->kinds[] = 'default';
            break;
        case 'x':
            $this->kinds[] = 'x';
            continue 2;
        case 0:
            $this->kinds[] = 'zero';
    }
    $this->kinds[] = '|';
}
switch (5) {
    case 1:
        $this->nothing = true;
}
