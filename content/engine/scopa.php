<?php
/*
 * Scopa constants, written the way a Board Game Arena game keeps them in
 * material.inc.php. wikirules reads these array literals; it never runs
 * the file.
 */

define('SCOPA_TARGET', 11);

$this->deck_size = 40;

$this->suits = array(
    1 => array('name' => clienttranslate('Coins'), 'cards' => 10),
    2 => array('name' => clienttranslate('Cups'), 'cards' => 10),
    3 => array('name' => clienttranslate('Swords'), 'cards' => 10),
    4 => array('name' => clienttranslate('Clubs'), 'cards' => 10),
);

// Primiera value of the best card of each suit.
$this->primiera = [
    '7' => 21,
    '6' => 18,
    'Ace' => 16,
    '5' => 15,
    '4' => 14,
    '3' => 13,
    '2' => 12,
    'Face cards' => 10,
];

$this->target_score = SCOPA_TARGET;
