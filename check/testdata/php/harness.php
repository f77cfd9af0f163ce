<?php
// Runs a material.inc.php the way the framework does (included in the
// game's constructor) and prints what it defines as JSON: the PHP test
// compares wikirules' reading of the file with it. The constants of the
// classes, interfaces and enums the file declares are printed too, each
// class by its name: an enum case as its value (its name for a pure
// enum's), a constant whose value PHP cannot compute as
// {"unreadable": message}.
class Game {
    public $__locals;
    function __construct($__file) {
        include $__file;
        $this->__locals = get_defined_vars();
        unset($this->__locals['__file']);
    }
}
function clienttranslate($s) { return $s; }
function totranslate($s) { return $s; }
require __DIR__ . '/stubs.php';
$before = array_merge(get_declared_classes(), get_declared_interfaces());
$g = new Game($argv[1]);
$out = get_object_vars($g);
$locals = $out['__locals'];
unset($out['__locals']);
$out = array_merge($out, $locals, get_defined_constants(true)['user'] ?? []);
$classes = array_diff(array_merge(get_declared_classes(), get_declared_interfaces()), $before);
foreach ($classes as $class) {
    $consts = [];
    foreach ((new ReflectionClass($class))->getReflectionConstants() as $c) {
        try {
            $v = $c->getValue();
            if ($v instanceof UnitEnum) {
                $v = $v instanceof BackedEnum ? $v->value : $v->name;
            }
            $consts[$c->getName()] = $v;
        } catch (Throwable $e) {
            $consts[$c->getName()] = ['unreadable' => $e->getMessage()];
        }
    }
    $out[$class] = $consts;
}
echo json_encode($out, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT), "\n";
