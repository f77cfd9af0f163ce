<?php
// The framework's Table, as old games require it: testdata/php/stubs.php
// declares it (wikirules skips this require, whose path is not a
// constant it knows).
