<?php
/**
 *------
 * BGA framework: © Gregory Isabelli <gisabelli@boardgamearena.com> & Emmanuel Colin <ecolin@boardgamearena.com>
 * EmberOrchard implementation : © the wikirules test suite
 * -----
 *
 * material.inc.php
 *
 * EmberOrchard game material description
 *
 * Here, you can describe the material of your game with PHP variables.
 *
 * This file is loaded in your game logic class constructor, ie these variables
 * are available everywhere in your game logic code.
 *
 */

if (!defined('FRUIT_APPLE')) {
    define('FRUIT_APPLE', 1);
    define('FRUIT_PEAR', 2);
    define('FRUIT_PLUM', 3);
}

$this->trees = array(
    FRUIT_APPLE => array('name' => clienttranslate('Apple tree'), 'nbr' => 10),
    FRUIT_PEAR => array('name' => clienttranslate('Pear tree'), 'nbr' => 8),
    FRUIT_PLUM => array('name' => clienttranslate('Plum tree'), 'nbr' => 6),
);

$this->fruit_values = array('apple' => 1, 'pear' => 2, 'plum' => 3);

$this->hand_size = 5;

// The constructor set 4 before it included this file.
$this->orchard_rows = 6;
