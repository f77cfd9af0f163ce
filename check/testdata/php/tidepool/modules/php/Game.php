<?php
/**
 *------
 * BGA framework: Gregory Isabelli & Emmanuel Colin & BoardGameArena
 * TidePoolTraders implementation: © the wikirules test suite
 *------
 */
declare(strict_types=1);

namespace Bga\Games\TidePoolTraders;

require_once(__DIR__ . '/constants.inc.php');

class Game extends \Table
{
    const HAND_SIZE = 4;
    // A constant and a static property may share a name: two values.
    const SCORES = 'sets';

    /** The creatures: set by the constructor. */
    public static array $CARD_TYPES;
    public static array $SCORES = [];
    protected static int $ROUNDS = 8;

    public array $pools = ['lagoon' => 2, 'reef' => 1];
    public $tokens;
    public int $dealt;
    private $cards;

    public function __construct()
    {
        parent::__construct();
        $this->initGameStateLabels([
            'tide' => 10,
            'round' => 11,
            'scoring_variant' => 100,
        ]);

        self::$CARD_TYPES = [
            CREATURE_CRAB => ['name' => clienttranslate('Hermit crab'), 'count' => 8, 'points' => 1],
            CREATURE_STAR => ['name' => clienttranslate('Sea star'), 'count' => 6, 'points' => 2],
            CREATURE_OCTOPUS => ['name' => clienttranslate('Octopus'), 'count' => 3, 'points' => 5],
        ];
        static::$SCORES = [1 => 1, 2 => 3, 3 => 6, 4 => 10];
        Game::$SCORES[5] = 15;
        self::$ROUNDS += 2;

        $this->card_types = self::$CARD_TYPES;
        $this->tokens = ['pearl' => 12, 'shell' => 20];

        $this->cards = $this->getNew('module.common.deck');
        $this->cards->init('card');

        require_once(__DIR__ . '/material.inc.php');

        $this->deck_size = 0;
        foreach ($this->card_types as $type) {
            $this->deck_size += $type['count'];
        }

        // What the reader does not run: a method of the game, a builtin
        // that changes its argument, a condition the framework decides.
        $this->setupBonuses();
        $this->turn_order = [3 => 'west', 1 => 'north', 2 => 'east'];
        ksort($this->turn_order);
        $this->variant_points = 0;
        if ($this->getGameStateValue('scoring_variant') == 2) {
            $this->variant_points = 5;
        }

        $this->hand_size = self::HAND_SIZE;
    }

    private function setupBonuses(): void
    {
        $this->bonuses = ['majority' => 3, 'full_pool' => 5];
    }

    protected function getGameName(): string
    {
        return 'tidepooltraders';
    }

    protected function setupNewGame($players, $options = []): void
    {
        $cards = [];
        foreach (self::$CARD_TYPES as $type => $card) {
            $cards[] = ['type' => $type, 'type_arg' => 0, 'nbr' => $card['count']];
        }
        $this->cards->createCards($cards, 'deck');
    }
}
