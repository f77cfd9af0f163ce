<?php
/**
 * Lantern Market: the cards, as a game of the 2024 framework keeps them.
 * The constants are in modules/php/constants.inc.php, the game's class
 * constants in modules/php/Game.php, the states in states.inc.php (the
 * framework loads those; this test's material requires them).
 */
declare(strict_types=1);

require_once(__DIR__ . '/modules/php/constants.inc.php');
require_once(__DIR__ . '/modules/php/Game.php');
require_once(__DIR__ . '/states.inc.php');

use Bga\Games\LanternMarket\Game;
use Bga\Games\LanternMarket\LanternColor;

$this->card_types = [
    LANTERN_AMBER => ['name' => clienttranslate('Amber lantern'), 'count' => 9, 'points' => 1],
    LANTERN_JADE => ['name' => clienttranslate('Jade lantern'), 'count' => 7, 'points' => 2],
    LANTERN_VIOLET => ['name' => clienttranslate('Violet lantern'), 'count' => 4, 'points' => 4],
];

// Built by code the reader does not run: these names alone are not read.
$this->card_counts = array_map(static fn(array $c): int => $c['count'], $this->card_types);
$this->deck_size = array_sum($this->card_counts);
$this->by_points = array_combine(array_keys($this->card_types), array_column($this->card_types, 'points'));
$this->market = ['slots' => Game::MARKET_SLOTS, 'refill' => array_map(fn($n) => $n + 1, [1, 2])];

// The rest reads on.
$this->hand_size = Game::HAND_SIZE;
$this->colors = [Game::FIRST_COLOR => 'amber', LanternColor::Violet->value => 'violet'];
$this->total = 0;
foreach ($this->card_types as $type) {
    $this->total += $type['count'];
}
$this->market_slots = $this->market['slots'];
