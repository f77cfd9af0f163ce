<?php
 /**
  *------
  * BGA framework: © Gregory Isabelli <gisabelli@boardgamearena.com> & Emmanuel Colin <ecolin@boardgamearena.com>
  * EmberOrchard implementation : © the wikirules test suite
  *
  * This code has been produced on the BGA studio platform for use on http://boardgamearena.com.
  * See http://en.boardgamearena.com/#!doc/Studio for more information.
  * -----
  *
  * emberorchard.game.php
  *
  * This is the main file for your game logic.
  *
  */

require_once( APP_GAMEMODULE_PATH.'module/table/table.game.php' );

class EmberOrchard extends Table
{
	function __construct( )
	{
        // Your global variables labels:
        //  Here, you can assign labels to global variables you are using for this game.
        parent::__construct();

        self::initGameStateLabels( array(
                "harvest_round" => 10,
                "frost_level" => 11,
                "variant_frost" => 100,
        ) );

        $this->orchard_rows = 4;

        include 'material.inc.php';

        $this->hand_size = $this->hand_size + 1;
        $this->fruit_values['pear'] = 4;
        $this->frost_cards = $this->buildFrostCards();
	}

    // PHP 4's constructor, named like the class: PHP 8 does not run it.
    function EmberOrchard()
    {
        $this->hand_size = 99;
    }

    protected function getGameName( )
    {
		// Used for translations and stuff. Please do not modify.
        return "emberorchard";
    }

    function buildFrostCards()
    {
        $this->frost_seen = true;
        return array( 1, 2, 3 );
    }
}
