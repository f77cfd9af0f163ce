<?php
// batch.php: a JSON list of wikitexts on standard input, the HTML MediaWiki
// makes of each (page "Parser test") as a JSON list on standard output; or
// {"pages": {title: text}, "texts": [...]}, the pages saved first.
// Run by TestAgainstMediaWiki with MW_INSTALL_PATH and MW_CONFIG_FILE set;
// --out FILE writes the JSON there rather than on standard output (where
// PHP's notices could mix with it).
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class WikirulesBatch extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addOption( 'out', 'write the JSON list to this file', false, true );
	}

	public function execute() {
		$in = json_decode( stream_get_contents( STDIN ), true );
		$services = MediaWiki\MediaWikiServices::getInstance();
		// {"pages": {title: text}, "texts": [...]}: the pages (templates)
		// are saved first, in this process.
		if ( isset( $in['texts'] ) ) {
			$user = User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] );
			foreach ( $in['pages'] ?? [] as $name => $text ) {
				$title = Title::newFromText( $name );
				$page = $services->getWikiPageFactory()->newFromTitle( $title );
				$updater = $page->newPageUpdater( $user );
				$updater->setContent( MediaWiki\Revision\SlotRecord::MAIN, ContentHandler::makeContent( $text, $title ) );
				$updater->saveRevision( CommentStoreComment::newUnsavedComment( 'test' ), EDIT_SUPPRESS_RC );
				if ( !$updater->getStatus()->isOK() ) {
					$this->fatalError( "saving $name failed" );
				}
			}
			$in = $in['texts'];
		}
		$out = [];
		foreach ( $in as $wt ) {
			$parser = $services->getParserFactory()->create();
			$title = Title::newFromText( 'Parser test' );
			$po = $parser->parse( $wt, $title, ParserOptions::newFromAnon(), true, true, 1 );
			$out[] = $po->getText( [ 'enableSectionEditLinks' => false, 'wrapperDivClass' => '' ] );
		}
		$json = json_encode( $out );
		if ( $this->hasOption( 'out' ) ) {
			file_put_contents( $this->getOption( 'out' ), $json );
		} else {
			echo $json;
		}
	}
}

$maintClass = WikirulesBatch::class;
require_once RUN_MAINTENANCE_IF_MAIN;
