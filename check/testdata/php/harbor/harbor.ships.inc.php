<?php
/**
 * Ship kinds, as class constants.
 */
abstract class Ship
{
    const SLOOP = 'sloop';
    const BRIG = 'brig';
    public const GALLEON = 'galleon';
    const ALL = [self::SLOOP, self::BRIG, self::GALLEON];

    public static $holds = ['sloop' => 2, 'brig' => 3, 'galleon' => 5];

    public static function holdOf(string $kind): int
    {
        // Code: skipped, never run.
        return self::$holds[$kind] ?? 0;
    }
}
