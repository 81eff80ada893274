/**
 * A small EU consolidated financial sanctions list in the Financial
 * Sanctions Files' XML export layout (file version 1.1), every name made up.
 * Loaded when no EU list is stored yet (config `load_test_lists`).
 */
export const testEuFsf = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-02T17:50:34.219+01:00" globalFileId="900001">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9001.11" logicalId="70001">
    <remark>Made-up entry for tests.</remark>
    <regulation regulationType="amendment" organisationType="council" publicationDate="2026-03-15" entryIntoForceDate="2026-03-16" numberTitle="2026/999 (OJ L 99)" programme="UKR" logicalId="80001"/>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Łukasz" middleName="" lastName="Wędrowski-Müller" wholeName="Łukasz Wędrowski-Müller" function="Director" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="90001"/>
    <nameAlias firstName="Lukas" middleName="" lastName="Wedrowski" wholeName="Lukas Wedrowski" function="" gender="M" title="" nameLanguage="" strong="false" regulationLanguage="en" logicalId="90002"/>
    <citizenship region="" countryIso2Code="PL" countryDescription="POLAND" regulationLanguage="en" logicalId="91001"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="Kraków" zipCode="" birthdate="1971-09-04" dayOfMonth="4" monthOfYear="9" year="1971" region="" place="" countryIso2Code="PL" countryDescription="POLAND" regulationLanguage="en" logicalId="92001"/>
  </sanctionEntity>
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9002.12" logicalId="70002">
    <regulation regulationType="regulation" organisationType="council" publicationDate="2025-07-01" entryIntoForceDate="2025-07-02" numberTitle="2025/555" programme="SYR" logicalId="80002"/>
    <subjectType code="enterprise" classificationCode="E"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="Crescent Meridian Petroleum Company" function="" gender="" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="90003"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="CMPC" function="" gender="" title="" nameLanguage="" strong="false" regulationLanguage="en" logicalId="90004"/>
    <address city="Damascus" street="Al-Mazzeh Highway" poBox="" zipCode="" region="" place="" asAtListingTime="true" contactInfo="" countryIso2Code="SY" countryDescription="SYRIAN ARAB REPUBLIC" regulationLanguage="en" logicalId="93001"/>
  </sanctionEntity>
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9003.13" logicalId="70003">
    <regulation regulationType="regulation" organisationType="council" publicationDate="2024-02-23" entryIntoForceDate="2024-02-23" numberTitle="2024/745" programme="RUS" logicalId="80003"/>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Ivan" middleName="Sergeyevich" lastName="Petrovsky" wholeName="" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="90005"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="" dayOfMonth="" monthOfYear="" year="1969" region="" place="" countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" regulationLanguage="en" logicalId="92002"/>
    <citizenship region="" countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" regulationLanguage="en" logicalId="91002"/>
  </sanctionEntity>
</export>
`;
