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
    abstract class Table {
        public function __construct() {}
    }
}
