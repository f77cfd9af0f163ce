<?php
// batch.php: a JSON list of wikitexts on standard input, the HTML MediaWiki
// makes of each (page "Parser test") as a JSON list on standard output.
// Run by TestAgainstMediaWiki with MW_INSTALL_PATH and MW_CONFIG_FILE set.
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class WikirulesBatch extends Maintenance {
	public function execute() {
		$in = json_decode( stream_get_contents( STDIN ), true );
		$services = MediaWiki\MediaWikiServices::getInstance();
		$out = [];
		foreach ( $in as $wt ) {
			$parser = $services->getParserFactory()->create();
			$title = Title::newFromText( 'Parser test' );
			$po = $parser->parse( $wt, $title, ParserOptions::newFromAnon(), true, true, 1 );
			$out[] = $po->getText( [ 'enableSectionEditLinks' => false, 'wrapperDivClass' => '' ] );
		}
		echo json_encode( $out );
	}
}

$maintClass = WikirulesBatch::class;
require_once RUN_MAINTENANCE_IF_MAIN;
