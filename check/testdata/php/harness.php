<?php
// Runs a material.inc.php the way the framework does (included in the
// game's constructor) and prints what it defines as JSON: the PHP test
// compares wikirules' reading of the file with it. The constants of the
// classes, interfaces and enums the file declares are printed too, each
// class by its name: an enum case as its value (its name for a pure
// enum's), a constant whose value PHP cannot compute as
// {"unreadable": message}, and the classes' static properties (their own
// and those of the classes they extend), by their name or "$name" when
// the class has a constant of that name. Then each game class the file
// declares (one that extends the framework's Table, not abstract) is
// built, as the framework builds it: its properties ($this->name, what
// its constructor sets) are printed over the file's names.
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
$out = array_merge($out, $locals);
$classes = array_diff(array_merge(get_declared_classes(), get_declared_interfaces()), $before);
foreach ($classes as $class) {
    $rc = new ReflectionClass($class);
    if (!$rc->isSubclassOf('Table') || !$rc->isInstantiable()) {
        continue;
    }
    $game = $rc->newInstance();
    // Its properties, of every visibility, those of the classes it
    // extends too (the nearest declaration first), then the dynamic ones.
    $props = [];
    for ($c = $rc; $c; $c = $c->getParentClass()) {
        foreach ($c->getProperties() as $p) {
            if (!$p->isStatic() && $p->getDeclaringClass()->getName() === $c->getName()
                && !array_key_exists($p->getName(), $props) && $p->isInitialized($game)) {
                $props[$p->getName()] = $p->getValue($game);
            }
        }
    }
    $out = array_merge($out, $props, get_object_vars($game));
}
$out = array_merge($out, get_defined_constants(true)['user'] ?? []);
unset($out['APP_GAMEMODULE_PATH']); // stubs.php's
$classes = array_diff(array_merge(get_declared_classes(), get_declared_interfaces()), $before);
foreach ($classes as $class) {
    $consts = [];
    $rc = new ReflectionClass($class);
    foreach ($rc->getReflectionConstants() as $c) {
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
    $statics = [];
    for ($c = $rc; $c; $c = $c->getParentClass()) {
        foreach ($c->getProperties(ReflectionProperty::IS_STATIC) as $p) {
            $name = $p->getName();
            if ($p->getDeclaringClass()->getName() !== $c->getName() || array_key_exists($name, $statics)) {
                continue;
            }
            if ($p->isInitialized()) {
                $statics[$name] = $p->getValue();
            }
        }
    }
    foreach ($statics as $name => $v) {
        $consts[array_key_exists($name, $consts) ? '$' . $name : $name] = $v;
    }
    $out[$class] = $consts;
}
echo json_encode($out, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT), "\n";
