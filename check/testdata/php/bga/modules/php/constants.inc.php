<?php
// Card types and game states of Lantern Market.
const LANTERN_AMBER = 1;
const LANTERN_JADE = 2;
const LANTERN_VIOLET = 3;

define('ST_TAKE_LANTERN', 10);
define('ST_NEXT_PLAYER', 20);
define('ST_END_GAME', 99);
