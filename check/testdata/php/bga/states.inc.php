<?php
/**
 * The game's states, in the framework's GameStateBuilder form: calls the
 * reader does not run. $machinestates alone is not read.
 */

use Bga\GameFramework\GameStateBuilder;
use Bga\GameFramework\StateType;

require_once('modules/php/constants.inc.php');

$machinestates = [
    1 => GameStateBuilder::gameSetup(ST_TAKE_LANTERN)->build(),

    ST_TAKE_LANTERN => GameStateBuilder::create()
        ->name('takeLantern')
        ->description(clienttranslate('${actplayer} must take a lantern'))
        ->type(StateType::ACTIVE_PLAYER)
        ->possibleactions(['actTake', 'actPass'])
        ->transitions(['take' => ST_NEXT_PLAYER, 'pass' => ST_NEXT_PLAYER])
        ->build(),

    ST_NEXT_PLAYER => GameStateBuilder::create()
        ->name('nextPlayer')
        ->type(StateType::GAME)
        ->transitions(['next' => ST_TAKE_LANTERN, 'end' => ST_END_GAME])
        ->build(),

    ST_END_GAME => GameStateBuilder::endScore()->build(),
];

$state_names = [ST_TAKE_LANTERN => 'takeLantern', ST_NEXT_PLAYER => 'nextPlayer'];
