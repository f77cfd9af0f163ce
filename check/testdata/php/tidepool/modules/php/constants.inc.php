<?php
// Creature types and game states of Tide Pool Traders.
const CREATURE_CRAB = 1;
const CREATURE_STAR = 2;
const CREATURE_OCTOPUS = 3;
const CREATURE_EEL = 4;

define('ST_PLAYER_TURN', 10);
define('ST_END_GAME', 99);
