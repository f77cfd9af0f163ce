<html><!-- a file that leaves PHP and comes back --></html>
<?php
$this->first = 1; // a comment that ends the block ?>
Some text the PHP engine would print.
<?php
$this->second = $this->first + 1;
?>
<?php $this->third = [$this->first, $this->second, 0x1F, 0b101, 1_000, 0755, .5];
