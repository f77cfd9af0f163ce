<?php
// Runs a material.inc.php the way the framework does (included in the
// game's constructor) and prints what it defines as JSON: the PHP test
// compares wikirules' reading of the file with it.
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
$g = new Game($argv[1]);
$out = get_object_vars($g);
$locals = $out['__locals'];
unset($out['__locals']);
$out = array_merge($out, $locals, get_defined_constants(true)['user'] ?? []);
echo json_encode($out, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT), "\n";
