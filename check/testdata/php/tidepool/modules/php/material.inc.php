<?php
/**
 * Tide Pool Traders' material: included by the game's constructor, so
 * $this is the game and what the constructor set is there already.
 */
$this->card_types[CREATURE_EEL] = ['name' => clienttranslate('Moray eel'), 'count' => 2, 'points' => 7];

$this->tide_track = [
    1 => clienttranslate('Low tide'),
    2 => clienttranslate('Rising tide'),
    3 => clienttranslate('High tide'),
];

// The property's default, changed.
$this->pools['reef'] = 3;
