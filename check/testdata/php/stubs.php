<?php
// The few classes of the Board Game Arena framework that the fixtures
// name, as PHP needs them to run the fixtures (harness.php). wikirules
// does not read this file: what it would define is what the reader
// cannot read (code of the framework).
namespace Bga\GameFramework {
    enum StateType: string {
        case ACTIVE_PLAYER = 'activeplayer';
        case MULTIPLE_ACTIVE_PLAYER = 'multipleactiveplayer';
        case GAME = 'game';
    }
    class GameStateBuilder {
        private array $state = [];
        public static function create(): self { return new self(); }
        public static function gameSetup(int $next = 2): self { return (new self())->name('gameSetup')->type(StateType::GAME)->transitions(['' => $next]); }
        public static function endScore(): self { return (new self())->name('gameEnd')->type(StateType::GAME); }
        public function __call($name, $args) { $this->state[$name] = $args[0]; return $this; }
        public function type(StateType $t): self { $this->state['type'] = $t->value; return $this; }
        public function build(): array { return $this->state; }
    }
}
namespace {
    // Where old games require the framework's table.game.php from (its
    // Table is below): the harness leaves the constant out of its output.
    define('APP_GAMEMODULE_PATH', __DIR__ . '/framework/');

    // The framework's game class and its modules: their methods do
    // nothing here.
    #[\AllowDynamicProperties]
    abstract class Table {
        public function __construct() {}
        public function initGameStateLabels(array $labels): void {}
        public function getNew(string $module): object { return new FrameworkModule(); }
        public function __call($name, $args) { return null; }
        public static function __callStatic($name, $args) { return null; }
    }
    class FrameworkModule {
        public function __call($name, $args) { return null; }
    }
}
