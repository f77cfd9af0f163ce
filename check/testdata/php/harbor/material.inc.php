<?php
/**
 *------
 * A Board Game Arena style game: Lantern Harbor (written for wikirules'
 * tests; not a real game). Ships trade crates of goods between docks.
 *
 * material.inc.php: the game's constants. The framework includes this file
 * in the game's constructor, so "$this->" is the game object.
 *------
 */

require_once('harbor.constants.inc.php');
require_once(__DIR__ . '/harbor.ships.inc.php');

// Goods and what a crate is worth at the market.
$this->goods = array(
    GOOD_TEA => array('name' => clienttranslate('Tea'), 'value' => 3, 'color' => '#7a4'),
    GOOD_SILK => array('name' => clienttranslate('Silk'), 'value' => 5, 'color' => '#c3a'),
    GOOD_SPICE => array('name' => clienttranslate('Spice'), 'value' => 4, 'color' => '#d72'),
);

$this->docks = [
    1 => ['name' => totranslate("North quay"), 'slots' => 3, 'bonus' => [GOOD_TEA => 1]],
    2 => ['name' => totranslate("Lantern pier"), 'slots' => 2, 'bonus' => []],
    3 => ['name' => totranslate("Old \"salt\" wharf"), 'slots' => 4, 'bonus' => [GOOD_SILK => 1, GOOD_SPICE => 1]],
];

// A later line tunes a value of an array defined above.
$this->docks[2]['bonus'][GOOD_SPICE] = 2;
$this->docks[4] = ['name' => clienttranslate('Smugglers\' cove'), 'slots' => 1, 'bonus' => []];

// Values built from earlier ones.
$this->market_start = $this->goods[GOOD_SILK]['value'] + 1;
$this->tea_label = $this->goods[GOOD_TEA]['name'] . ' (' . $this->goods[GOOD_TEA]['value'] . ')';
$this->fleet_size = count_ships;
$this->storm_penalty = -0.5e-3;
$this->lantern = "\u{263A} lantern";
$this->flags = FLAG_NIGHT | FLAG_FOG;
$this->ship_list = [Ship::SLOOP, Ship::BRIG, Ship::GALLEON];

$this->round_scores = [];
$this->round_scores[] = 2;
$this->round_scores[] = 5;
$this->round_scores[] = 9;
