<?php
// Constants shared by the game's files. Each is guarded, as the framework
// may include the file twice.

if (!defined('GOOD_TEA')) {
    define('GOOD_TEA', 1);
    define('GOOD_SILK', 2);
    define('GOOD_SPICE', 3);
}
if (!defined('FLAG_NIGHT'))
    define('FLAG_NIGHT', 1 << 0);
if (!defined('FLAG_FOG')) define("FLAG_FOG", 1 << 2);

// A second definition behind a guard keeps the first value.
if (!defined('GOOD_TEA')) {
    define('GOOD_TEA', 99);
}

const count_ships = 3;
const MAX_CRATES = 12, MIN_CRATES = 2;
