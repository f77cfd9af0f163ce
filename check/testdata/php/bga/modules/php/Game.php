<?php
declare(strict_types=1);

namespace Bga\Games\LanternMarket;

use Bga\GameFramework\StateType;

require_once(__DIR__ . '/constants.inc.php');

interface Scoring
{
    public const POINTS_PER_SET = 5;
}

enum LanternColor: int
{
    case Amber = 1;
    case Jade = 2;
    case Violet = 3;

    public function label(): string
    {
        return match ($this) {
            self::Amber => clienttranslate('amber'),
            self::Jade => clienttranslate('jade'),
            self::Violet => clienttranslate('violet'),
        };
    }
}

enum Phase
{
    case Market;
    case Scoring;
}

#[\AllowDynamicProperties]
final class Game extends \Table implements Scoring
{
    const HAND_SIZE = 5;
    public const MAX_SCORE = 60;
    final public const MARKET_SLOTS = 4;
    const FIRST_COLOR = LanternColor::Amber->value;
    const SET_BONUS = self::POINTS_PER_SET * 2;
    // The framework's own constant: not read, alone.
    const ACTIVE = StateType::ACTIVE_PLAYER;

    private static array $CARD_TYPES = [];
    public readonly int $seed;

    public function __construct()
    {
        parent::__construct();
        $this->initGameStateLabels(['round' => 10]);
        self::$CARD_TYPES = [LANTERN_AMBER => 9];
        // The game is built once material.inc.php's top level has run:
        // this is its hand size.
        $this->hand_size = self::HAND_SIZE + 1;
    }

    public function getGameName(): string
    {
        return "lanternmarket";
    }

    protected function setupNewGame($players, $options = []): void
    {
        $sql = "INSERT INTO player (player_id) VALUES ";
        foreach ($players as $id => $player) {
            $this->DbQuery($sql . "($id)");
        }
    }
}
